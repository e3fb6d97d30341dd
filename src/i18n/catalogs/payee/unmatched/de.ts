import type { PayeeUnmatchedCatalog } from './en.ts'

const de: PayeeUnmatchedCatalog = {
  page: {
    title: 'Überweisungen ohne Anforderung',
    hint: 'Diese gingen in einem Token, das Sie anfordern, an Ihre Adresse, tragen aber keine Referenz einer Anforderung, und ihr Betrag passt zu keiner einzelnen offenen Anforderung. Ordnen Sie jede der Anforderung zu, die sie bezahlt, oder verwerfen Sie sie, wenn sie keine Zahlung für Billfold ist.',
    showDismissed: 'Verworfene Überweisungen zeigen',
    loading: 'Wird geladen…',
    noneDismissed: 'Keine verworfenen Überweisungen.',
    nothingToReview: 'Nichts zu prüfen: Jede erhaltene Überweisung bezahlt eine Anforderung.',
    fromOn: '{amount} von {from} auf {chain},',
    chainFallback: 'Netzwerk {id}',
    older: 'Ältere Überweisungen zeigen',
    restore: 'Wiederherstellen',
    dismiss: 'Verwerfen',
  },
  assign: {
    open: 'Einer Anforderung zuordnen…',
    title: '{amount} einer Anforderung zuordnen',
    description:
      'Die Überweisung zählt dann als Zahlung dieser Anforderung, vermerkt als von Ihnen zugeordnet. Eine Überweisung bezahlt nur eine Anforderung.',
    loading: 'Ihre Anforderungen werden geladen…',
    none: 'Sie haben keine offene Anforderung in {symbol} auf dieser Chain.',
    request: 'Anforderung',
    choose: 'Anforderung wählen…',
    noMemo: 'ohne Notiz',
    cancel: 'Abbrechen',
    assigning: 'Wird zugeordnet…',
    assign: 'Zuordnen',
  },
}

export default de

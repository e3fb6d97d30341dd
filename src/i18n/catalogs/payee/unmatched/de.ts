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
}

export default de

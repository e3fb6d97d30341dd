import type { BooksCatalog } from './en.ts'

const de: BooksCatalog = {
  'payee/books/currency': {
    title: 'Buchhaltung',
    intro:
      'Jede Zahlung, die Sie erhalten, wird zu ihrem Block in dieser Währung bewertet, anhand der Chainlink-Preisfeeds der Chain: Die Monatsübersicht im Dashboard listet sie Monat für Monat auf, bereit für Ihre Steuerberatung.',
    currency: 'Währung Ihrer Buchhaltung',
    choose: 'Auswählen…',
    saved: 'Gespeichert: Ihre Buchhaltung wird in {currency} geführt.',
  },
  'payee/books/statement': {
    title: 'Monatsübersicht',
    month: 'Monat',
    csv: 'CSV herunterladen',
    print: 'Drucken oder als PDF speichern',
    chooseCurrency: 'Wählen Sie die Währung Ihrer Buchhaltung in den Einstellungen.',
    caption:
      'Im {month} erhaltene Zahlungen, bewertet in {currency} zu ihrem Block; Erstattungen zum Kurs, zu dem ihre Anforderung bezahlt wurde',
    date: 'Datum',
    request: 'Anforderung',
    amount: 'Betrag',
    rate: 'Kurs',
    value: 'Wert',
    transaction: 'Transaktion',
    refund: '(Erstattung)',
    beingValued: 'wird bewertet',
    total: 'Summe',
    totalUnvalued: 'Summe ({count} werden noch bewertet)',
  },
}

export default de

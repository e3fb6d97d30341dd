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
  'payee/books/export': {
    title: 'Export für Ihre Buchhaltungssoftware',
    intro:
      'Dateien, die DATEV, Xero und QuickBooks Online so einlesen, wie sie sind: jede Zahlung, Erstattung und Relayer-Gebühr eine eigene Zeile, bewertet in der Währung Ihrer Buchhaltung zu ihrem Block, mit dem Token-Betrag und der Herkunft des Kurses.',
    format: 'Datei',
    datev: 'DATEV – Buchungsstapel (EXTF)',
    xeroStatement: 'Xero – Kontoauszug',
    xeroInvoices: 'Xero – Ausgangsrechnungen',
    quickbooksStatement: 'QuickBooks Online – Banktransaktionen',
    quickbooksInvoices: 'QuickBooks Online – Rechnungen',
    from: 'Von',
    to: 'Bis',
    download: 'Herunterladen',
    datevHint: 'Die DATEV-Datei bucht auf den Kontenrahmen und die Nummern aus den Einstellungen.',
  },
  'payee/books/accounting': {
    title: 'DATEV-Export',
    intro:
      'Kontenrahmen und Nummern, mit denen Ihr DATEV-Export gebucht wird. Berater- und Mandantennummer erhalten Sie von Ihrer Steuerberatung; ein leeres Konto ist das des Kontenrahmens.',
    chart: 'Kontenrahmen',
    consultantNumber: 'Beraternummer',
    clientNumber: 'Mandantennummer',
    fiscalYearStart: 'Wirtschaftsjahr beginnt im',
    accountLength: 'Sachkontenlänge',
    accounts: 'Konten',
    clearing: 'Verrechnungskonto Kryptowerte',
    revenueStandard: 'Erlöse 19 % USt',
    revenueReduced: 'Erlöse 7 % USt',
    revenueTaxFree: 'Steuerfreie Erlöse',
    revenue: 'Erlöse ohne Rechnung',
    fees: 'Relayer-Gebühren',
    payouts: 'Auszahlungen an Dritte',
    save: 'Speichern',
    saved: 'Gespeichert.',
  },
}

export default de

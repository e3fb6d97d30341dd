import type { PdfCatalog } from './en.ts'

const de: PdfCatalog = {
  invoice: 'Rechnung',
  number: 'Rechnungsnr.',
  issued: 'Rechnungsdatum',
  due: 'Fällig am',
  from: 'Von',
  billTo: 'Rechnung an',
  taxId: 'USt-IdNr.',
  vatId: 'USt-IdNr.',
  description: 'Beschreibung',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  taxRate: 'USt.',
  amount: 'Betrag',
  net: 'Netto',
  tax: 'USt. {rate}',
  total: 'Gesamt',
  notes: 'Hinweise',
  payOnline: 'Online bezahlen: Code scannen oder öffnen',
  paid: 'BEZAHLT',
  paidInFull: 'Vollständig bezahlt: Es ist nichts mehr zu zahlen. Die erhaltenen Zahlungen stehen unten.',
  payments: 'On-Chain erhaltene Zahlungen',
  transaction: 'Transaktion',
  block: 'Block',
  value: 'Wert',
  roundedPerLine: 'Die Steuer wird je Position gerundet.',
  roundedPerRate: 'Die Steuer wird je Steuersatz auf die Summe gerundet.',
  signed: 'Die Wallet des Verkäufers hat den Inhalt dieser Rechnung signiert; sein Keccak-256-Hash:',
  page: 'Seite {page} von {pages}',
}

export default de

import type { PayoutReceiptCatalog } from './en.ts'

const de: PayoutReceiptCatalog = {
  'payer/payout/receipt': {
    title: 'Zahlungsbeleg',
    loading: 'Beleg wird geladen…',
    notPaid:
      'Diese Zahlung ist vorbereitet, aber noch nicht bezahlt: Sie erscheint hier als bezahlt, sobald ihre Überweisung auf der Chain ist.',
    amount: 'Betrag',
    from: 'Bezahlt von',
    to: 'Bezahlt an',
    on: 'Bezahlt am',
    chain: 'Netzwerk',
    note: 'Notiz',
    transaction: 'Transaktion',
    reference: 'Referenz',
    print: 'Drucken oder als PDF speichern',
  },
}

export default de

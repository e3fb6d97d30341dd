import type { PayoutReceiptCatalog } from './en.ts'

const fr: PayoutReceiptCatalog = {
  'payer/payout/receipt': {
    title: 'Reçu de paiement',
    loading: 'Chargement du reçu…',
    notPaid:
      'Ce paiement est préparé mais pas encore payé : il apparaîtra ici comme payé dès que la chaîne aura son virement.',
    amount: 'Montant',
    from: 'Payé par',
    to: 'Payé à',
    on: 'Payé le',
    chain: 'Réseau',
    note: 'Remarque',
    transaction: 'Transaction',
    reference: 'Référence',
    print: 'Imprimer ou enregistrer en PDF',
  },
}

export default fr

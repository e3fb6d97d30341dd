import type { BooksCatalog } from './en.ts'

const fr: BooksCatalog = {
  'payee/books/currency': {
    title: 'Comptabilité',
    intro:
      'Chaque paiement reçu est valorisé dans cette devise au moment de son bloc, d’après les flux de prix Chainlink de la chaîne : le relevé du tableau de bord les liste mois par mois, prêts pour votre comptable.',
    currency: 'Devise de votre comptabilité',
    choose: 'Choisir…',
    saved: 'Enregistré : votre comptabilité est tenue en {currency}.',
  },
  'payee/books/statement': {
    title: 'Relevé mensuel',
    month: 'Mois',
    csv: 'Télécharger le CSV',
    print: 'Imprimer ou enregistrer en PDF',
    chooseCurrency: 'Choisissez la devise de votre comptabilité dans les réglages.',
    caption:
      'Paiements reçus en {month}, valorisés en {currency} au moment de leur bloc ; remboursements au cours auquel leur demande a été payée',
    date: 'Date',
    request: 'Demande',
    amount: 'Montant',
    rate: 'Cours',
    value: 'Valeur',
    transaction: 'Transaction',
    refund: '(remboursement)',
    beingValued: 'en cours de valorisation',
    total: 'Total',
    totalUnvalued: 'Total ({count} en cours de valorisation)',
  },
}

export default fr

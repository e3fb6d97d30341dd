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
  'payee/books/export': {
    title: 'Export pour votre logiciel comptable',
    intro:
      'Des fichiers que DATEV, Xero et QuickBooks Online importent tels quels : chaque paiement, remboursement et frais du relayeur sur sa propre ligne, évalué dans la devise de votre comptabilité à son bloc, avec le montant en jetons et la source du cours.',
    format: 'Fichier',
    datev: 'DATEV – lot d’écritures (EXTF)',
    xeroStatement: 'Xero – relevé bancaire',
    xeroInvoices: 'Xero – factures de vente',
    quickbooksStatement: 'QuickBooks Online – opérations bancaires',
    quickbooksInvoices: 'QuickBooks Online – factures',
    from: 'Du',
    to: 'Au',
    download: 'Télécharger',
    datevHint: 'Le fichier DATEV passe les écritures sur le plan comptable et les numéros choisis dans les paramètres.',
  },
  'payee/books/accounting': {
    title: 'Export DATEV',
    intro:
      'Le plan comptable et les numéros de votre export DATEV. Demandez à votre conseiller fiscal les numéros de conseiller et de client ; un compte laissé vide est celui du plan.',
    chart: 'Plan comptable',
    consultantNumber: 'Numéro de conseiller',
    clientNumber: 'Numéro de client',
    fiscalYearStart: 'L’exercice commence en',
    accountLength: 'Longueur des numéros de compte',
    accounts: 'Comptes',
    clearing: 'Compte d’attente des cryptoactifs',
    revenueStandard: 'Produits à 19 % de TVA',
    revenueReduced: 'Produits à 7 % de TVA',
    revenueTaxFree: 'Produits exonérés',
    revenue: 'Produits sans facture',
    fees: 'Frais du relayeur',
    payouts: 'Versements à des tiers',
    save: 'Enregistrer',
    saved: 'Enregistré.',
  },
}

export default fr

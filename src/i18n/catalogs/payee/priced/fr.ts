import type { PricedCatalog } from './en.ts'

const fr: PricedCatalog = {
  'payee/priced/form': {
    title: 'Nouvelle demande avec un prix en devise',
    intro:
      'Le payeur choisit l’un des jetons que vous acceptez et paie à un cours issu des flux de prix Chainlink de la chaîne, garanti quelques minutes et signé par une clé que votre portefeuille autorise une fois.',
    chain: 'Réseau',
    testNetwork: '{name} (réseau de test)',
    currency: 'Devise',
    price: 'Prix',
    priceRequired: 'Saisissez le prix.',
    tolerance: 'Tolérance en % (facultatif, {max} au plus) : un paiement aussi proche du prix compte comme payé',
    signing: 'Signez dans votre portefeuille…',
    submit: 'Signer et créer la demande',
  },
  'payee/priced/tokens': {
    legend: 'Jetons acceptés pour le paiement',
  },
}

export default fr

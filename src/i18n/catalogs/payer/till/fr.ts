import type { TillLinkCatalog } from './en.ts'

const fr: TillLinkCatalog = {
  'payer/till/link': {
    title: 'Payer à la caisse',
    opening: 'Ouverture de la vente…',
    waiting: 'Aucune vente n’attend encore à cette caisse : cette page l’ouvre dès que le caissier l’encaisse.',
    notFound: 'Cette caisse n’existe pas ou est fermée.',
  },
}

export default fr

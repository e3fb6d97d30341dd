import type { PayeeSettingsCatalog } from './en.ts'

const fr: PayeeSettingsCatalog = {
  page: {
    title: 'Réglages',
    sessions: 'Sessions',
  },
  profile: {
    title: 'Votre nom pour les payeurs',
    hint: 'Affiché sur vos pages de paiement et vos reçus à côté de votre adresse, signalé comme le nom que vous vous donnez.',
    displayName: 'Nom affiché',
    website: 'Site web (facultatif)',
    saving: 'Enregistrement…',
    save: 'Enregistrer',
    saved: 'Enregistré.',
  },
}

export default fr

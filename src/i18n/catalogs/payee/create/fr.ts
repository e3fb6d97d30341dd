import type { PayeeCreateCatalog } from './en.ts'

const fr: PayeeCreateCatalog = {
  form: {
    due: 'Échéance',
    duePresets: 'Échéances rapides',
    sameAmount:
      'Une autre de vos demandes ouvertes réclame ce montant. Les virements directs (depuis une plateforme d’échange, ou un portefeuille qui scanne un code QR) ne pourraient pas les distinguer ; ajoutez un centime ou demandez aux payeurs d’utiliser le lien du portefeuille.',
  },
}

export default fr

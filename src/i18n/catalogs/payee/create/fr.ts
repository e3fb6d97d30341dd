import type { PayeeCreateCatalog } from './en.ts'

const fr: PayeeCreateCatalog = {
  form: {
    documentTitle: 'Nouvelle demande',
    title: 'Nouvelle demande de paiement',
    kind: 'Unité du montant demandé',
    kindToken: 'En jeton (USDC, ETH…)',
    kindCurrency: 'En devise (EUR, USD…)',
    chain: 'Réseau',
    testNetwork: '{name} (réseau de test)',
    alsoPayableOn: "Payable aussi en {symbol} sur (les paiements partiels sur deux chaînes s'additionnent)",
    asset: 'Jeton',
    amount: 'Montant',
    payer: 'Payeur (facultatif) : seuls les paiements de cette adresse comptent',
    memo: 'Libellé ({used}/{max})',
    in7Days: 'Dans 7 jours',
    in30Days: 'Dans 30 jours',
    endOfMonth: 'Fin du mois',
    signing: 'Signez dans votre portefeuille…',
    submit: 'Signer et créer la demande',
    due: 'Échéance',
    duePresets: 'Échéances rapides',
    sameAmount:
      'Une autre de vos demandes ouvertes réclame ce montant. Les virements directs (depuis une plateforme d’échange, ou un portefeuille qui scanne un code QR) ne pourraient pas les distinguer ; ajoutez un centime ou demandez aux payeurs d’utiliser le lien du portefeuille.',
  },
}

export default fr

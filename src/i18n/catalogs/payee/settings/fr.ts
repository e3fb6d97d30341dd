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
  email: {
    title: 'Courriel',
    off: 'L’e-mail est désactivé sur ce Billfold : la personne qui l’administre n’a pas encore connecté de serveur de messagerie. Dès que ce sera fait, vous pourrez confirmer ici une adresse et recevoir les avis de votre choix (une demande payée ou expirée, un remboursement confirmé, un webhook en échec, un relayer presque à sec), et les payeurs pourront recevoir leurs reçus et vos demandes récurrentes par e-mail.',
    notices: 'Avis par e-mail',
    address: 'Adresse',
    language: 'Langue',
    tellMe: 'Me prévenir quand',
    confirmed: '{address} est confirmée.',
    linkSent:
      'Un lien de confirmation a été envoyé à {address} : rien d’autre n’y sera envoyé tant qu’il n’aura pas été suivi.',
    saving: 'Enregistrement…',
    save: 'Enregistrer les réglages e-mail',
  },
  notices: {
    paid: 'une demande est payée',
    partially_paid: 'une demande est payée en partie',
    overpaid: 'une demande est payée au-delà du montant demandé',
    expired: 'une demande expire sans être payée',
    unmatched: 'un virement ne correspond à aucune demande',
    refunded: 'un remboursement est confirmé sur la chaîne',
    webhook_failing: 'un point de terminaison de webhook échoue depuis une heure',
    relayer_low: 'un relayeur est presque à court',
    relayer_paused: 'un relayeur suspend les paiements sans gas (trop de relais échoués)',
  },
}

export default fr

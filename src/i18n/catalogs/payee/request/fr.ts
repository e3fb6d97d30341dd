import type { PayeeRequestCatalog } from './en.ts'

const fr: PayeeRequestCatalog = {
  page: {
    titleFor: 'Demande de {amount}',
    title: 'Demande de paiement',
    loading: 'Chargement de la demande…',
    chainFallback: 'Réseau {id}',
    share: 'Partager',
    qrLabel: 'Code QR du lien de paiement',
    payLink: 'Lien de paiement',
    copyLink: 'Copier le lien',
    linkCopied: 'Lien copié',
    timeline: 'Historique',
    receipt: 'Reçu',
    invoicePdf: 'Facture {number} (PDF)',
    payerListHint:
      'Toutes vos demandes ouvertes pour {payer} dans un seul lien : il choisit et les paie en une seule confirmation.',
    payerListMake: 'Créer un lien vers toutes ses demandes ouvertes',
    payerListLink: 'Lien vers ses demandes ouvertes',
  },
  timeline: {
    created: 'Créée et signée par le bénéficiaire',
    receivedFrom: '{amount} reçus de {from}',
    confirmationsOne: ', {count} confirmation',
    confirmationsOther: ', {count} confirmations',
    matchedByAmount: ' · rapproché par le montant (un virement direct)',
    assigned: ' · attribué par le bénéficiaire',
    paid: 'Payée en totalité',
    paidLate: 'Payée en totalité, après l’échéance',
    expired: 'Expirée : rien n’a été reçu avant l’échéance',
    cancelled: 'Annulée par le bénéficiaire',
  },
  chains: {
    title: 'Reçu sur chaque chaîne',
    onChain: '{amount} sur {chain}',
    paymentsOne: '{count} paiement',
    paymentsOther: '{count} paiements',
  },
  cancel: {
    button: 'Annuler la demande',
    title: 'Annuler cette demande ?',
    explain:
      'La page de paiement indiquera à quiconque ouvre le lien qu’elle a été annulée. C’est irréversible ; vous pouvez créer une nouvelle demande à la place.',
    keep: 'La garder',
    cancelling: 'Annulation…',
    confirm: 'Oui, l’annuler',
  },
  back: {
    link: '← Vos demandes',
  },
}

export default fr

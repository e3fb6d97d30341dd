import type { RefundsCatalog } from './en.ts'

const fr: RefundsCatalog = {
  'payee/refunds/panel': {
    title: 'Remboursements',
    intro:
      'Renvoyez de l’argent depuis votre propre portefeuille : tout, une partie, ou ce qui a été payé au-delà du montant demandé. Billfold enregistre le remboursement dès qu’il le voit sur la chaîne.',
    line: '{amount} à {address}, {date} :',
    awaiting_transfer: 'En attente du virement depuis votre portefeuille',
    awaitingOwner: 'Préparé : le portefeuille du propriétaire l’envoie',
    refunded: 'Remboursé',
    cancelled: 'Annulé',
    expired: 'Expiré (jamais envoyé)',
    send: 'Envoyer depuis mon portefeuille',
    sentWaiting:
      'Envoyé depuis votre portefeuille ; il apparaîtra comme remboursé dès que la blockchain l’aura inscrit :',
  },
  'payee/refunds/dialog': {
    open: 'Rembourser…',
    title: 'Rembourser cette demande',
    description:
      'Votre portefeuille envoie le remboursement ; Billfold ne détient jamais vos fonds. Jusqu’à {amount} peuvent être remboursés.',
    sent: 'Remboursement envoyé.',
    sentDetail: 'Il apparaîtra comme remboursé une fois sur la chaîne.',
    prepared: 'Préparé.',
    preparedDetail: 'Le portefeuille de l’entreprise l’envoie : le propriétaire le trouve sur cette page.',
    close: 'Fermer',
    howMuch: 'Combien',
    all: 'Tout ce qui peut être remboursé : {amount}',
    excess: 'Ce qui a été payé au-delà du montant demandé : {amount}',
    other: 'Un autre montant',
    amount: 'Montant ({symbol})',
    to: 'Rembourser à',
    toHint:
      'L’adresse qui a payé. Modifiez-la si le payeur a payé depuis une plateforme d’échange et vous a donné une autre adresse.',
    chainFallback: 'le réseau {id}',
    chain: 'Rembourser sur',
    chainHint: 'Il repart sur le réseau où le destinataire a payé.',
    confirm: 'Confirmez dans votre portefeuille…',
    preparing: 'Préparation…',
    submit: 'Rembourser {amount}',
  },
}

export default fr

import type { BridgeCatalog } from './en.ts'

const fr: BridgeCatalog = {
  'payee/bridge/bring': {
    title: 'Regrouper les USDC sur un réseau',
    open: 'Regrouper les USDC sur un réseau',
    intro:
      'Votre portefeuille brûle les USDC sur chacun des autres réseaux, Circle atteste chaque brûlage, puis votre portefeuille reçoit le tout sur le réseau choisi (CCTP de Circle). Billfold ne les détient jamais.',
    destination: 'Regrouper sur',
    from: 'Depuis {chain}',
    holding: 'Vous y détenez {amount}.',
    nothing: 'Vous ne détenez aucun USDC sur les autres réseaux.',
    bring: 'Regrouper {amount} sur {chain}',
    bringing: 'Votre portefeuille envoie les brûlages…',
    cancel: 'Annuler',
    moves: 'USDC en route',
    move: '{amount} de {source} vers {destination}',
    waiting: "en attente de l'attestation de Circle",
    ready: 'attesté : prêt à recevoir',
    done: 'arrivé',
    failed: 'le brûlage a échoué sur le réseau : les USDC ne sont pas partis',
    unavailable: "le service d'attestation de Circle ne répond pas pour l'instant ; nouvelle demande sous peu",
    notFound:
      "introuvable sur {chain} : sa transaction n'y est jamais arrivée (un portefeuille qui l'a accélérée ou annulée en a envoyé une autre). Vérifiez l'activité de votre portefeuille, puis écartez-la : un burn qui est bien parti sera retrouvé.",
    dismiss: 'Écarter',
    receive: 'Recevoir {amount} sur {chain}',
    receiving: 'Votre portefeuille reçoit…',
    burnNotSent:
      "Votre portefeuille n'a pas envoyé le brûlage sur {chain} : les USDC de ce réseau ne sont pas partis. Réessayez.",
    chainFallback: 'réseau {id}',
  },
}

export default fr

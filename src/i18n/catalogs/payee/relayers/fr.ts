import type { RelayersCatalog } from './en.ts'

const fr: RelayersCatalog = {
  'payee/relayers/panel': {
    title: 'Paiements sans gas',
    intro:
      'Un payeur qui détient des USDC ou des EURC mais aucune cryptomonnaie pour les frais de réseau peut payer d’une simple signature : votre relayeur, une clé que Billfold garde pour vous sur chaque chaîne, envoie le paiement et règle ses frais avec le petit solde que vous lui versez. Le paiement arrive toujours directement à votre adresse.',
    chainFallback: 'Réseau {id}',
    csv: 'Télécharger chaque relais avec ses frais (CSV)',
    tableLabel: 'Relais et retraits',
    when: 'Quand',
    what: 'Quoi',
    state: 'État',
    fee: 'Frais',
    withdrawal: 'Retrait de {amount}',
    payment: 'Paiement de la demande {id}',
    waiting: 'En attente',
    signed: 'Signé',
    sent: 'Envoyé',
    mined: 'Confirmé',
    reverted: 'Annulé par la chaîne',
    expired: 'Expiré',
  },
  'payee/relayers/card': {
    label: 'Relayeur sur {chain}',
    address: 'Adresse du relayeur',
    copyAddress: 'Copier l’adresse',
    balance: 'Solde',
    balanceRelays: '{amount} (environ {count} paiements aux frais du jour)',
    low: 'Solde bas : de quoi payer les frais de moins de 20 paiements. Versez-lui un peu de {symbol}.',
    enable: 'Permettre de payer sans gas sur {chain}',
    savedOn: 'Enregistré : les payeurs peuvent payer sans gas sur {chain}.',
    savedOff: 'Enregistré : sur {chain}, les payeurs règlent eux-mêmes les frais de réseau.',
    fundWith: 'Approvisionner avec ({symbol})',
    typeAmount: 'Saisissez un montant en {symbol}, par exemple {example}.',
    confirm: 'Confirmez dans votre portefeuille…',
    fund: 'Approvisionner depuis mon portefeuille',
    capLabel: 'Plafond des frais sur {chain}',
    cap: 'Frais maximum par paiement ({symbol} ; vide : pas de plafond)',
    saveCap: 'Enregistrer le plafond',
    withdraw: 'Retirer vers mon adresse',
    withdrawing: 'Retrait de {amount} vers votre adresse.',
  },
  'payee/relayers/safety': {
    pausedSince:
      'Les paiements sans gas sont suspendus depuis le {date} : {reason}. Entre-temps, les payeurs se voient proposer le paiement habituel.',
    resume: 'Reprendre les paiements sans gas',
    budgetLabel: 'Tolérance d’échecs sur {chain}',
    budget: 'Relais échoués par heure avant suspension',
    budgetError: 'Saisissez un nombre entier entre 1 et 100.',
    saveBudget: 'Enregistrer la tolérance',
    wasted: 'Dépensé en relais échoués',
    wastedDetail: '{amount} (relais annulés par la chaîne et nonces de relais expirés comblés)',
  },
  'payee/relayers/notice': {
    paused: 'Les paiements sans gas sont suspendus sur {chain} : {reason}. {link}.',
    pausedLink: 'Voir et reprendre',
    low: 'Votre relayeur sur {chain} détient {amount} : moins de 20 paiements sans gas. {link}.',
    lowLink: 'L’approvisionner',
    chainFallback: 'le réseau {id}',
  },
}

export default fr

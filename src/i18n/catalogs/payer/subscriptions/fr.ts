import type { PayerSubscriptionsCatalog } from './en.ts'

const fr: PayerSubscriptionsCatalog = {
  'payer/subscriptions/words': {
    week: 'semaine',
    month: 'mois (30 jours)',
    year: 'an (365 jours)',
    active: 'Actif',
    past_due: 'En retard',
    paused: 'Suspendu',
    cancelled_by_payer: 'Résilié par le payeur',
    cancelled_by_payee: 'Résilié par le bénéficiaire',
    ended: 'Terminé',
    due: 'À prélever',
    charging: 'Prélèvement en cours',
    sent: 'Envoyé',
    paid: 'Payé',
    given_up: 'Impayé',
    cancelled: 'Annulé',
  },
  'payer/subscriptions/plan': {
    title: 'S’abonner',
    loading: 'Chargement de la formule…',
    each: '{amount} par {period}',
    trial: 'Gratuit pendant {days} jours : le premier prélèvement a lieu le {date}.',
    firstNow: 'La première période est prélevée dès que vous vous abonnez.',
    periodsOne: 'Pendant {count} période.',
    periodsOther: 'Pendant {count} périodes.',
    endsOn: 'Jusqu’au {date}.',
    untilCancelled: 'Jusqu’à ce que vous résiliiez.',
    permission:
      'Votre portefeuille vous demande une seule fois une autorisation que la chaîne fait respecter : au plus {amount} par {period}, à {payee} seulement, jusqu’au {date}. Billfold ne détient jamais votre argent, et vous pouvez résilier à tout moment.',
    permissionPermit2:
      'Votre portefeuille vous demande une seule fois une autorisation Permit2 que la chaîne fait respecter : au plus {total} au total, prélevés par le préleveur de {payee} seulement, jusqu’au {date}. Elle plafonne le total, pas chaque période : lisez l’avertissement ci-dessous avant de signer. Billfold ne détient jamais votre argent, et vous pouvez résilier à tout moment.',
    permissionEither:
      'Votre portefeuille vous demande une seule fois une autorisation que la chaîne fait respecter, jusqu’au {date} : avec une autorisation périodique, au plus {amount} par {period}, à {payee} seulement ; avec une autorisation Permit2, au plus {total} au total, par le préleveur de {payee} seulement. Billfold ne détient jamais votre argent, et vous pouvez résilier à tout moment.',
    connectPrompt: 'Connectez le portefeuille avec lequel vous payerez.',
    wrongNetwork: 'Passez votre portefeuille sur {chain} pour vous abonner.',
    checking: 'Vérification de ce que votre portefeuille peut accorder…',
    unsupported:
      'Votre portefeuille ne peut pas accorder d’autorisation périodique (ERC-7715) et Permit2 n’est pas sur cette chaîne : ce forfait ne peut donc pas se prélever seul depuis ce portefeuille. Vous pouvez à la place payer chaque période vous-même : la demande de chaque période vous parvient et vous la payez sur sa page.',
    offers: 'Votre portefeuille peut payer ce forfait de ces façons, la plus sûre d’abord :',
    erc7715:
      'Autorisation périodique (ERC-7715) : la chaîne laisse prélever au plus {amount} par {period}, pour {payee} seulement, jusqu’au {date}.',
    permit2:
      'Autorisation Permit2 : la chaîne laisse prélever au plus {total} au total, par le préleveur de {payee} seulement, jusqu’au {date}.',
    permit2Total:
      'Avant de signer : une autorisation Permit2 plafonne le total, pas chaque période. La chaîne laisse prélever jusqu’à {total} jusqu’au {date} ; que pas plus de {amount} ne soit prélevé par {period}, c’est Billfold qui le garantit, pas la chaîne. Si Billfold était un jour compromis, la totalité des {total} pourrait être prélevée d’un coup. Vous pouvez résilier à tout moment.',
    byHand:
      'Ou payez chaque période vous-même : rien n’est accordé ; la demande de chaque période vous parvient (par e-mail si vous laissez votre adresse) et vous la payez vous-même.',
    byHandButton: 'Payer chaque période moi-même',
    subscribePermit2: 'M’abonner avec Permit2 : jusqu’à {total} au total',
    email: 'Votre e-mail (facultatif)',
    emailHint: 'Pour un reçu de chaque prélèvement et un mot si l’un échoue.',
    subscribe: 'S’abonner : {amount} par {period}',
    confirming: 'Confirmez dans votre portefeuille…',
    started: 'Abonné. Ouverture de votre abonnement…',
  },
  'payer/subscriptions/page': {
    title: 'Votre abonnement',
    loading: 'Chargement de votre abonnement…',
    each: '{amount} par {period}',
    state: 'État',
    next: 'Prochain prélèvement',
    payee: 'À',
    keepLink: 'Gardez le lien de cette page : c’est ici que vous voyez et résiliez cet abonnement.',
    pastDue:
      'Un prélèvement n’a pas pu être encaissé. Il sera retenté le {date} ; vous pouvez le payer vous-même dès maintenant.',
    payByHand: 'Payer la période {period} vous-même',
    charges: 'Prélèvements',
    period: 'Période',
    starts: 'Début',
    amount: 'Montant',
    transaction: 'Transaction',
    receipt: 'Reçu',
    seeReceipt: 'Reçu de la période {period}',
    noCharges: 'Aucun prélèvement pour l’instant.',
    cancel: 'Résilier l’abonnement',
    cancelHint: 'Votre portefeuille révoque l’autorisation sur la chaîne ; plus rien ne peut être prélevé ensuite.',
    cancelling: 'Confirmez dans votre portefeuille…',
    onlyPayer: 'Connectez le portefeuille qui s’est abonné ({payer}) pour résilier.',
    cancelled: 'Résilié : plus rien ne peut être prélevé.',
  },
  'payer/subscriptions/reasons': {
    balance_too_low: 'Le solde du payeur était insuffisant pour ce prélèvement.',
    permission_revoked: 'Le payeur a révoqué l’autorisation.',
    permission_expired: 'L’autorisation a pris fin.',
    permission_not_started: 'L’autorisation n’a pas encore commencé.',
    account_not_upgraded:
      'Le compte du payeur n’exécute plus le code de compte intelligent dont l’autorisation a besoin.',
    over_period_amount: 'Le montant dépasse ce que l’autorisation permet par période.',
    period_spent: 'Le plafond de cette période est déjà utilisé.',
    allowance_spent: 'Ce qui reste du total de l’autorisation Permit2 est inférieur à ce prélèvement.',
    token_approval_low: 'L’approbation du jeton accordée par le payeur à Permit2 est inférieure à ce prélèvement.',
    would_revert: 'La chaîne refuserait le prélèvement.',
    above_cap: 'Le montant de la formule, {amount}, dépasse les {cap} que l’autorisation permet par période.',
    quote_above_cap:
      'Le prix de la formule au cours de cette période, {amount}, dépasse les {cap} que l’autorisation permet par période (le cours au moment où elle a été accordée, plus la tolérance de la formule).',
    relayer_unavailable: 'Le relayeur du bénéficiaire n’a pas pu envoyer le prélèvement.',
    transaction_failed: 'La transaction du prélèvement a échoué sur la chaîne.',
    send_failed: 'Le prélèvement n’a pas pu être envoyé.',
    details: 'Détails (en anglais) : {details}',
    grantAgain:
      'Votre autorisation permet au plus {cap} par période, moins que ce que la formule demande désormais. Payez cette période à la main, ou annulez ci-dessous et reprenez la formule depuis son lien : votre portefeuille vous demandera alors une autorisation pour le nouveau montant.',
    planLink: 'Ouvrir le lien de la formule',
  },
}

export default fr

import type { BatchCatalog } from './en.ts'

const fr: BatchCatalog = {
  'payer/batch/page': {
    title: 'Payer plusieurs demandes',
    intro:
      'Les demandes ouvertes dans ce navigateur et toujours à payer. Choisissez celles à payer : votre portefeuille demande une seule fois, et chaque demande reçoit son propre paiement.',
    none: 'Aucune demande ouverte n’a été consultée dans ce navigateur. Ouvrez une fois le lien de chaque demande, puis revenez ici.',
    choose: 'Demandes à payer',
    request: '{amount} à {payee}',
    dueOf: 'reste {due} sur {amount}',
    oneNetwork: 'Choisissez des demandes d’un seul réseau : une confirmation paie sur un réseau.',
    total: 'Total : {total} ({count} demandes sur {chain})',
    pay: 'Payer {count} demandes en une confirmation',
    paying: 'Confirmez dans votre portefeuille…',
    loading: 'Chargement de vos demandes…',
    nonePaidBalance:
      'Aucune des {count} demandes n’a été payée, toutes restent ouvertes : votre solde de {symbol} ({balance}) est inférieur à leur total ({total}).',
    nonePaidReverted:
      'Aucune des {count} demandes n’a été payée, toutes restent ouvertes : le réseau a annulé tout le lot parce qu’un de ses paiements a échoué (seuls les frais de réseau ont été dépensés).',
    nonePaidFailed:
      'Aucune des {count} demandes n’a été payée, toutes restent ouvertes : votre portefeuille n’a pas pu envoyer le lot.',
    listIntro:
      'Les demandes ouvertes que {payee} a faites pour {payer}. Choisissez celles à payer : votre portefeuille demande une seule fois, et chaque demande reçoit son propre paiement.',
    listNone: 'Il ne reste rien à payer sur cette liste.',
    listOtherAccount:
      'Ces demandes sont pour {payer} : seuls les paiements de ce compte comptent. Passez à ce compte dans votre portefeuille.',
  },
  'payer/batch/receipt': {
    title: 'Reçu',
    intro: 'Envoyé en une seule confirmation. Chaque demande apparaît comme payée dès que la chaîne a son paiement.',
    request: 'Demande',
    amount: 'Montant',
    status: 'État',
    transaction: 'Transaction',
    view: 'Reçu de cette demande',
  },
}

export default fr

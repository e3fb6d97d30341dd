import type { PayeeUnmatchedCatalog } from './en.ts'

const fr: PayeeUnmatchedCatalog = {
  page: {
    title: 'Virements sans demande',
    hint: 'Ils sont arrivés à votre adresse dans un jeton que vous demandez, mais ne portent la référence d’aucune demande et leur montant ne correspond à aucune demande ouverte. Attribuez chacun à la demande qu’il règle, ou écartez-le s’il ne s’agit pas d’un paiement pour Billfold.',
    showDismissed: 'Afficher les virements écartés',
    loading: 'Chargement…',
    noneDismissed: 'Aucun virement écarté.',
    nothingToReview: 'Rien à examiner : chaque virement reçu règle une demande.',
    fromOn: '{amount} de {from} sur {chain},',
    chainFallback: 'réseau {id}',
    older: 'Afficher les virements plus anciens',
    restore: 'Rétablir',
    dismiss: 'Écarter',
  },
  assign: {
    open: 'Attribuer à une demande…',
    title: 'Attribuer {amount} à une demande',
    description:
      'Le virement comptera alors comme paiement de cette demande, enregistré comme attribué par vous. Un virement ne paie qu’une seule demande.',
    loading: 'Chargement de vos demandes…',
    none: 'Vous n’avez aucune demande ouverte en {symbol} sur cette chaîne.',
    request: 'Demande',
    choose: 'Choisissez une demande…',
    noMemo: 'sans note',
    cancel: 'Annuler',
    assigning: 'Attribution…',
    assign: 'Attribuer',
  },
}

export default fr

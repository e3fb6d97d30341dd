/** What the payee's page of transfers without a request says in English. */
const en = {
  page: {
    title: 'Transfers without a request',
    hint: "These reached your address in an asset you ask for, but carry no request's reference and their amount fits no single open request. Assign each to the request it pays, or dismiss it if it is not a payment for Billfold.",
    showDismissed: 'Show dismissed transfers',
    loading: 'Loading…',
    noneDismissed: 'No dismissed transfers.',
    nothingToReview: 'Nothing to review: every transfer you received pays a request.',
    fromOn: '{amount} from {from} on {chain},',
    chainFallback: 'chain {id}',
    older: 'Show older transfers',
    restore: 'Restore',
    dismiss: 'Dismiss',
  },
  assign: {
    open: 'Assign to request…',
    title: 'Assign {amount} to a request',
    description:
      'The transfer then counts as a payment of that request, recorded as assigned by you. A transfer pays one request only.',
    loading: 'Loading your requests…',
    none: 'You have no open request in {symbol} on this chain.',
    request: 'Request',
    choose: 'Choose a request…',
    noMemo: 'no memo',
    cancel: 'Cancel',
    assigning: 'Assigning…',
    assign: 'Assign',
  },
}

export type PayeeUnmatchedCatalog = typeof en

export default en

/** Paying several requests in one confirmation, in English: the base the other languages translate. */
const en = {
  'payer/batch/page': {
    title: 'Pay several requests',
    intro:
      'The requests you opened in this browser that are still open. Pick those to pay: your wallet asks once, and each request gets its own payment.',
    none: 'No open request was opened in this browser. Open each request’s link once, then come back here.',
    choose: 'Requests to pay',
    request: '{amount} to {payee}',
    dueOf: '{due} left of {amount}',
    oneNetwork: 'Pick requests on one network: a confirmation pays on one network.',
    total: 'Total: {total} ({count} requests on {chain})',
    pay: 'Pay {count} requests in one confirmation',
    paying: 'Confirm in your wallet…',
    loading: 'Loading your requests…',
    nonePaidBalance:
      'None of the {count} requests was paid, and each is still open: your {symbol} balance ({balance}) is less than their total ({total}).',
    nonePaidReverted:
      'None of the {count} requests was paid, and each is still open: the network undid the whole batch because one of its payments failed (only the network fee was spent).',
    nonePaidFailed:
      'None of the {count} requests was paid, and each is still open: your wallet could not send the batch.',
    listIntro:
      'The open requests {payee} made for {payer}. Pick those to pay: your wallet asks once, and each request gets its own payment.',
    listNone: 'Nothing on this list is left to pay.',
    listOtherAccount:
      'These requests are for {payer}: only payments from that account count. Switch to it in your wallet.',
  },
  'payer/batch/receipt': {
    title: 'Receipt',
    intro: 'Sent in one confirmation. Each request shows as paid once the chain has its payment.',
    request: 'Request',
    amount: 'Amount',
    status: 'Status',
    transaction: 'Transaction',
    view: 'Receipt of this request',
  },
}

export default en
export type BatchCatalog = typeof en

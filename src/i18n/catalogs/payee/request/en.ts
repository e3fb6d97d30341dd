/** What a payee's request page says in English: the share panel, the timeline, cancelling. */
const en = {
  page: {
    titleFor: 'Request for {amount}',
    title: 'Payment request',
    loading: 'Loading the request…',
    chainFallback: 'Chain {id}',
    share: 'Share',
    qrLabel: 'QR code of the pay link',
    payLink: 'Pay link',
    copyLink: 'Copy link',
    linkCopied: 'Link copied',
    timeline: 'Timeline',
    receipt: 'Receipt',
    invoicePdf: 'Invoice {number} (PDF)',
    payerListHint: 'Every open request of yours for {payer} in one link: they pick and pay them in one confirmation.',
    payerListMake: 'Make a link to all their open requests',
    payerListLink: 'Link to their open requests',
  },
  timeline: {
    created: 'Created and signed by the payee',
    receivedFrom: 'Received {amount} from {from}',
    confirmationsOne: ', {count} confirmation',
    confirmationsOther: ', {count} confirmations',
    matchedByAmount: ' · matched by amount (a direct transfer)',
    assigned: ' · assigned by the payee',
    paid: 'Paid in full',
    paidLate: 'Paid in full, after the due date',
    expired: 'Expired: nothing was received by the due date',
    cancelled: 'Cancelled by the payee',
  },
  chains: {
    title: 'Received on each chain',
    onChain: '{amount} on {chain}',
    paymentsOne: '{count} payment',
    paymentsOther: '{count} payments',
  },
  cancel: {
    button: 'Cancel request',
    title: 'Cancel this request?',
    explain:
      'The pay page will tell anyone who opens the link that it was cancelled. This cannot be undone; you can create a new request instead.',
    keep: 'Keep it',
    cancelling: 'Cancelling…',
    confirm: 'Yes, cancel it',
  },
  back: {
    link: '← Your requests',
  },
}

export type PayeeRequestCatalog = typeof en

export default en

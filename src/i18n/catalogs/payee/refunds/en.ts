/** Refunds (the request's refund list and the refund dialog) in English: the base the other languages translate. */
const en = {
  'payee/refunds/panel': {
    title: 'Refunds',
    intro:
      'Send money back from your own wallet: all of it, a part, or what was paid above the amount asked. Billfold records the refund when it sees it on chain.',
    line: '{amount} to {address}, {date}:',
    awaiting_transfer: 'Waiting for your wallet’s transfer',
    awaitingOwner: 'Prepared: the owner’s wallet sends it',
    refunded: 'Refunded',
    cancelled: 'Cancelled',
    expired: 'Expired (never sent)',
    send: 'Send from my wallet',
    sentWaiting: 'Sent from your wallet; it shows as refunded once the chain has it:',
  },
  'payee/refunds/dialog': {
    open: 'Refund…',
    title: 'Refund this request',
    description: 'Your wallet sends the refund; Billfold never holds your funds. Up to {amount} can be refunded.',
    sent: 'Refund sent.',
    sentDetail: 'It shows as refunded once the chain has it.',
    prepared: 'Prepared.',
    preparedDetail: 'The business’s own wallet sends it: the owner finds it on this page.',
    close: 'Close',
    howMuch: 'How much',
    all: 'All that can be refunded: {amount}',
    excess: 'What was paid above the amount asked: {amount}',
    other: 'Another amount',
    amount: 'Amount ({symbol})',
    to: 'Refund to',
    toHint: 'The address that paid. Change it if the payer paid from an exchange and gave you another address.',
    chainFallback: 'chain {id}',
    chain: 'Refund on',
    chainHint: 'It goes back on the chain the recipient paid on.',
    confirm: 'Confirm in your wallet…',
    preparing: 'Preparing…',
    submit: 'Refund {amount}',
  },
}

export type RefundsCatalog = typeof en
export default en

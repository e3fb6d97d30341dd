/** Where an audit entry came from when the chain showed what was done (a refund the business's wallet sent), not a call. */
export const AUDITED_FROM_CHAIN = 'chain'

/** The action written when the chain shows a refund the business's wallet sent. */
export const REFUND_SENT_ACTION = 'sendRefund'

/** The action written when the chain first shows a payout the business's wallet sent (once per payout, not per line). */
export const PAYOUT_SENT_ACTION = 'sendPayout'

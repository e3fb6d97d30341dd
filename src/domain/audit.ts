/** Where an audit entry came from when the chain showed what was done (a refund the business's wallet sent), not a call. */
export const AUDITED_FROM_CHAIN = 'chain'

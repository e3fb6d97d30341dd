/**
 * Transactions a payer sent from a page before its request's own page opened (a payment link's *Pay*):
 * the pay page shows them as sent instead of offering *Pay* again while the chain catches up.
 */
const sent = new Map<string, string>()

export const rememberSent = (requestId: string, hash: string) => void sent.set(requestId, hash)

export const sentFor = (requestId: string): string | undefined => sent.get(requestId)

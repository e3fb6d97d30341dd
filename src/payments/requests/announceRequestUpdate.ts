/**
 * Tells the live views (subscriptions, the payee's dashboard, other servers) that a request changed:
 * a use case that changes a request calls it once its transaction is committed.
 */
export type AnnounceRequestUpdate = (id: string, payee?: string) => Promise<void>

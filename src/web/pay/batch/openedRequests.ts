import { persistentAtom } from '@nanostores/persistent'

/** How many requests this browser remembers: enough for a month of invoices, bounded like any list. */
const KEPT = 50

/**
 * The requests a payer opened in this browser, newest first: what they may pay together later
 * (`/pay-several`). Ids only, kept in this browser; nothing leaves it.
 */
export const openedRequests = persistentAtom<string[]>('billfold.openedRequests', [], {
  encode: JSON.stringify,
  decode: (stored) => {
    try {
      const ids: unknown = JSON.parse(stored)
      return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string').slice(0, KEPT) : []
    } catch {
      return []
    }
  },
})

export function rememberOpened(id: string) {
  const ids = openedRequests.get()
  if (ids[0] !== id) openedRequests.set([id, ...ids.filter((other) => other !== id)].slice(0, KEPT))
}

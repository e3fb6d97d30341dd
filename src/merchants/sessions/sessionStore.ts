import type { Database } from '../../db/createDatabase.ts'
import type { Address } from 'viem'
import { ADDRESS_SIGNED_OUT_CHANNEL, SESSION_REVOKED_CHANNEL } from '../../db/notificationChannels.ts'
import { hashSessionToken } from './sessionToken.ts'
import { findSession, revokeSession, revokeSessionsOf, type Session } from './sessions.ts'

export type SessionStore = {
  find(token: string): Promise<Session | null>
  revoke(token: string): Promise<void>
  /** Signs `address` out of every browser, on every server; how many sessions ended. */
  revokeAll(address: Address): Promise<number>
  /** Every server forgets what it remembers of `member`'s sessions: its memberships changed. */
  forget(member: Address): Promise<void>
}

/**
 * Sessions with a short-lived memory cache in front of the database. A sign-out evicts the session
 * on every server at once through NOTIFY; an entry also lapses after `ttlMs` in case a notification
 * was missed. Unknown tokens are never cached, so garbage cookies cannot fill the memory.
 */
export async function createSessionStore(
  database: Database,
  { ttlMs = 30_000, maxEntries = 50_000 } = {},
): Promise<SessionStore> {
  const cache = new Map<string, { session: Session; until: number }>()
  // After a lost connection (a failover) sign-outs may have been missed: the cache starts over.
  await database.listen(
    SESSION_REVOKED_CHANNEL,
    (hash) => cache.delete(hash),
    () => cache.clear(),
  )
  const evictMember = (address: string) => {
    for (const [hash, entry] of cache)
      if (entry.session.member.toLowerCase() === address.toLowerCase()) cache.delete(hash)
  }
  await database.listen(ADDRESS_SIGNED_OUT_CHANNEL, evictMember)

  return {
    async find(token) {
      const hash = hashSessionToken(token)
      const hit = cache.get(hash)
      const now = Date.now()
      if (hit && hit.until > now) return hit.session
      const session = await findSession(database.db, token)
      if (!session) {
        cache.delete(hash)
        return null
      }
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!)
      cache.set(hash, { session, until: Math.min(now + ttlMs, session.expiresAt.getTime()) })
      return session
    },
    async revoke(token) {
      const hash = hashSessionToken(token)
      cache.delete(hash)
      await revokeSession(database.db, token)
      await database.notify(SESSION_REVOKED_CHANNEL, [hash])
    },
    async revokeAll(address) {
      const ended = await revokeSessionsOf(database.db, address)
      await database.notify(ADDRESS_SIGNED_OUT_CHANNEL, [address])
      return ended
    },
    async forget(member) {
      evictMember(member)
      await database.notify(ADDRESS_SIGNED_OUT_CHANNEL, [member])
    },
  }
}

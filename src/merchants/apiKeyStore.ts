import { and, eq, isNull } from 'drizzle-orm'
import type { Database, Db } from '../db/createDatabase.ts'
import { API_KEY_CHANGED_CHANNEL } from '../db/notificationChannels.ts'
import { apiKeys } from '../db/schema.ts'
import { hashSecret, SECRET_PREFIX, type ApiKeyRow } from './apiKeys.ts'

/** How often "last used" is written: not on every request of a busy integration. */
const LAST_USED_RESOLUTION_MS = 60_000

/** The key a secret belongs to, or undefined (unknown or revoked: the caller is not told which). */
async function keyOfSecret(db: Db, secret: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, hashSecret(secret)), isNull(apiKeys.revokedAt)))
  return row
}

export type ApiKeyStore = {
  /** The key of a secret, from memory when it was looked up in the last 30 s. */
  find(secret: string): Promise<ApiKeyRow | undefined>
  /**
   * Forgets a key whose authorisation or revocation was committed, at once on this server and
   * through NOTIFY on every other: called before the commit, another server could read the old row
   * again and keep it.
   */
  changed(row: ApiKeyRow): Promise<ApiKeyRow>
}

/**
 * API keys with a short-lived memory cache in front of the database, as sessions have: a busy
 * integration's every request need not look its key up. An authorisation or a revocation, once
 * committed, evicts the key here at once and on every other server through NOTIFY; an entry also lapses after `ttlMs`
 * should one be missed.
 * Unknown secrets are never cached.
 */
export async function createApiKeyStore(
  database: Database,
  { ttlMs = 30_000, maxEntries = 10_000 } = {},
): Promise<ApiKeyStore> {
  const cache = new Map<string, { key: ApiKeyRow; until: number }>()
  const evict = (id: string) => {
    for (const [hash, entry] of cache) if (entry.key.id === id) cache.delete(hash)
  }
  // After a lost connection (a failover) revocations may have been missed: the cache starts over.
  await database.listen(API_KEY_CHANGED_CHANNEL, evict, () => cache.clear())
  const changed = async (row: ApiKeyRow) => {
    evict(row.id)
    await database.notify(API_KEY_CHANGED_CHANNEL, [row.id])
    return row
  }
  return {
    async find(secret) {
      if (!secret.startsWith(SECRET_PREFIX) || secret.length > 200) return undefined
      const hash = hashSecret(secret)
      const now = Date.now()
      const hit = cache.get(hash)
      const key = hit && hit.until > now ? hit.key : await keyOfSecret(database.db, secret)
      if (!key) return void cache.delete(hash)
      if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        key.lastUsedAt = new Date(now)
        await database.db.update(apiKeys).set({ lastUsedAt: key.lastUsedAt }).where(eq(apiKeys.id, key.id))
      }
      if (!hit || hit.until <= now) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!)
        cache.set(hash, { key, until: Math.min(now + ttlMs, key.delegationExpiresAt.getTime()) })
      }
      return key
    },
    changed,
  }
}

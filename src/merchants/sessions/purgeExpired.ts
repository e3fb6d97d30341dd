import { isNotNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { sessions, siweNonces } from '../../db/schema.ts'

/**
 * Deletes what can no longer sign anyone in: expired nonces (used or not) and sessions that expired
 * or were revoked. Safe on every server at once: each row is deleted by whoever gets there first.
 */
export async function purgeExpiredAuth(db: Db, now = new Date()): Promise<{ nonces: number; sessions: number }> {
  const nonces = await db.delete(siweNonces).where(lt(siweNonces.expiresAt, now)).returning({ nonce: siweNonces.nonce })
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash })
  return { nonces: nonces.length, sessions: ended.length }
}

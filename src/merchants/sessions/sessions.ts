import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { sessions } from '../../db/schema.ts'
import { hashSessionToken, newSessionToken } from './sessionToken.ts'

export type Session = { address: Address; chainId: number; createdAt: Date; expiresAt: Date }

export async function createSession(
  db: Db,
  { address, chainId, ttlMs }: { address: Address; chainId: number; ttlMs: number },
) {
  const token = newSessionToken()
  const expiresAt = new Date(Date.now() + ttlMs)
  await db.insert(sessions).values({ tokenHash: hashSessionToken(token), address, chainId, expiresAt })
  return { token, expiresAt }
}

export async function findSession(db: Db, token: string): Promise<Session | null> {
  const [row] = await db
    .select({
      address: sessions.address,
      chainId: sessions.chainId,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return row ? { ...row, address: row.address as Address } : null
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), isNull(sessions.revokedAt)))
}

/** Revokes every active session of `address`; how many there were. */
export async function revokeSessionsOf(db: Db, address: Address): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.address, address), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .returning({ tokenHash: sessions.tokenHash })
  return rows.length
}

/** The active sessions of an address, newest first: where this wallet is signed in. */
export async function listSessions(db: Db, address: Address): Promise<Omit<Session, 'address'>[]> {
  return db
    .select({ chainId: sessions.chainId, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.address, address), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt))
    .limit(100)
}

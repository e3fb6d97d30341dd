import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { businessMembers, sessions } from '../../db/schema.ts'
import { hashSessionToken, newSessionToken } from './sessionToken.ts'
import { isRole, type Role } from '../../domain/permissions.ts'

/**
 * A signed-in wallet acting for a business. `address` is the business (the payee every row refers
 * to), `member` the wallet that signed in, `role` what it is there: the owner when it acts for its own.
 */
export type Session = {
  address: Address
  member: Address
  role: Role
  chainId: number
  createdAt: Date
  expiresAt: Date
}

export async function createSession(
  db: Db,
  { address, chainId, ttlMs, business }: { address: Address; chainId: number; ttlMs: number; business?: Address },
) {
  const token = newSessionToken()
  const expiresAt = new Date(Date.now() + ttlMs)
  await db
    .insert(sessions)
    .values({ tokenHash: hashSessionToken(token), address, chainId, expiresAt, business: business ?? null })
  return { token, expiresAt }
}

export async function findSession(db: Db, token: string): Promise<Session | null> {
  const [row] = await db
    .select({
      member: sessions.address,
      business: sessions.business,
      role: businessMembers.role,
      chainId: sessions.chainId,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .leftJoin(
      businessMembers,
      and(eq(businessMembers.business, sessions.business), eq(businessMembers.member, sessions.address)),
    )
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1)
  if (!row) return null
  const { member, business, role, ...times } = row
  if (business === null || business === member)
    return { ...times, address: member as Address, member: member as Address, role: 'owner' }
  // Membership is read with the session: a member removed on any server is signed out of that business here.
  if (role === null || !isRole(role)) return null
  return { ...times, address: business as Address, member: member as Address, role }
}

/** Makes the session act for `business` (null: the wallet's own); false when it has ended. */
export async function actForBusiness(db: Db, token: string, business: Address | null): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ business })
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash })
  return rows.length === 1
}

/** Ends `member`'s sessions acting for `business` (removed from it); how many there were. */
export async function revokeMemberSessions(db: Db, business: Address, member: Address): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.address, member), eq(sessions.business, business), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash })
  return rows.length
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
export async function listSessions(
  db: Db,
  address: Address,
): Promise<Pick<Session, 'chainId' | 'createdAt' | 'expiresAt'>[]> {
  return db
    .select({ chainId: sessions.chainId, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.address, address), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt))
    .limit(100)
}

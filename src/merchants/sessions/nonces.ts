import { and, eq, gt, isNull } from 'drizzle-orm'
import { generateSiweNonce } from 'viem/siwe'
import type { Db } from '../../db/createDatabase.ts'
import { siweNonces } from '../../db/schema.ts'

export const NONCE_TTL_MS = 10 * 60 * 1000

export async function issueNonce(db: Db, ttlMs: number = NONCE_TTL_MS) {
  const nonce = generateSiweNonce()
  const expiresAt = new Date(Date.now() + ttlMs)
  await db.insert(siweNonces).values({ nonce, expiresAt })
  return { nonce, expiresAt }
}

const usable = (nonce: string) =>
  and(eq(siweNonces.nonce, nonce), isNull(siweNonces.usedAt), gt(siweNonces.expiresAt, new Date()))

export async function isNonceUsable(db: Db, nonce: string): Promise<boolean> {
  const [row] = await db.select({ nonce: siweNonces.nonce }).from(siweNonces).where(usable(nonce)).limit(1)
  return row !== undefined
}

/** Marks the nonce used; true only for the one caller that got it while it was still usable. */
export async function consumeNonce(db: Db, nonce: string): Promise<boolean> {
  const rows = await db
    .update(siweNonces)
    .set({ usedAt: new Date() })
    .where(usable(nonce))
    .returning({ nonce: siweNonces.nonce })
  return rows.length === 1
}

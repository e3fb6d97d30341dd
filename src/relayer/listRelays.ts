import { desc, eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { relays } from '../db/schema.ts'
import type { RelayRow } from './sendRelay.ts'

/** The payee's relays and withdrawals, newest first; `first` caps how many (all when absent). */
export async function listRelays(db: Db, payee: string, { first }: { first?: number } = {}): Promise<RelayRow[]> {
  const query = db
    .select()
    .from(relays)
    .where(eq(relays.payee, getAddress(payee)))
    .orderBy(desc(relays.createdAt))
  return first === undefined ? query : query.limit(first)
}

/** The latest relay of a payer's authorization for this request, if any. */
export async function latestRelayOf(db: Db, requestId: string): Promise<RelayRow | null> {
  const [row] = await db
    .select()
    .from(relays)
    .where(eq(relays.requestId, requestId))
    .orderBy(desc(relays.createdAt))
    .limit(1)
  return row ?? null
}

import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { payoutLines, payouts } from '../../db/schema.ts'

/**
 * The lines of a chain's payouts made since `since`, paid or not: the watcher looks for each line's
 * transfer from the payee as it does for a refund's (a reorg may take a recorded one away).
 */
export async function payoutLinesToWatch(db: Db, chainId: number, since: Date) {
  const rows = await db
    .select({
      id: payoutLines.id,
      requestId: payoutLines.payoutId,
      payee: payouts.payee,
      asset: payoutLines.asset,
      reference: payoutLines.reference,
    })
    .from(payoutLines)
    .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
    .where(and(eq(payouts.chainId, chainId), gt(payouts.createdAt, since)))
  return rows.map((r) => ({ ...r, kind: 'payout' as const }))
}

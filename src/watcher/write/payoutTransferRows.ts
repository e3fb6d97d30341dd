import { and, between, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { payoutLines, payouts } from '../../db/schema.ts'
import type { FoundRefund, StoredRefundTransfer } from '../match/matchRefunds.ts'
import type { RangeEvent } from '../read/watcherEvents.ts'

/** The payout lines recorded in the range, as the refund matcher weighs stored transfers. */
export async function storedPayoutTransfers(
  tx: Db,
  chainId: number,
  range: RangeEvent,
): Promise<StoredRefundTransfer[]> {
  const rows = await tx
    .select({
      txHash: payoutLines.txHash,
      logIndex: payoutLines.logIndex,
      blockNumber: payoutLines.blockNumber,
      blockHash: payoutLines.blockHash,
      requestId: payoutLines.payoutId,
      refundId: payoutLines.id,
    })
    .from(payoutLines)
    .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
    .where(
      and(
        eq(payouts.chainId, chainId),
        isNotNull(payoutLines.txHash),
        between(payoutLines.blockNumber, range.from, range.to),
      ),
    )
  return rows.map((r) => ({
    ...r,
    txHash: r.txHash!,
    logIndex: r.logIndex!,
    blockNumber: r.blockNumber!,
    blockHash: r.blockHash!,
  }))
}

/**
 * Records each line's transfer as the chain shows it (a line is paid by its first transfer; one a
 * reorg moved is moved with it), and clears those that left the chain: prepared is not paid.
 */
export async function writePayoutTransfers(
  tx: Db,
  { found, vanished }: { found: readonly FoundRefund[]; vanished: readonly StoredRefundTransfer[] },
) {
  if (vanished.length > 0)
    await tx
      .update(payoutLines)
      .set({ txHash: null, logIndex: null, blockNumber: null, blockHash: null, blockTime: null })
      .where(inArray(payoutLines.id, [...new Set(vanished.map((t) => t.refundId))]))
  for (const t of found)
    await tx
      .update(payoutLines)
      .set({
        txHash: t.txHash,
        logIndex: t.logIndex,
        blockNumber: t.blockNumber,
        blockHash: t.blockHash,
        blockTime: new Date(Number(t.blockTime) * 1000),
      })
      .where(
        and(
          eq(payoutLines.id, t.refundId),
          sql`(${payoutLines.txHash} is null or (${payoutLines.txHash} = ${t.txHash} and ${payoutLines.logIndex} = ${t.logIndex}))`,
        ),
      )
}

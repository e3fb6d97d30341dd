import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { payments, recentBlocks, refundTransfers } from '../../db/schema.ts'
import { recomputeRefunded } from '../../payments/refunds/refundRows.ts'
import { recomputeStatuses } from '../../payments/repository/recomputeStatuses.ts'
import type { WatcherEvent } from '../read/watcherEvents.ts'
import { recordHead, setCursor } from './cursorRows.ts'
import type { WriteOptions } from './writeRange.ts'

/** Drops what orphaned blocks brought and moves the cursor back to the last block both chains share, in one transaction. */
export async function rollBack(
  db: Db,
  { ancestor, head }: Extract<WatcherEvent, { type: 'reorg' }>,
  { chainId, confirmations, fence }: Pick<WriteOptions, 'chainId' | 'confirmations' | 'fence'>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await fence?.(tx)
    const dropped = await tx
      .delete(payments)
      .where(and(eq(payments.chainId, chainId), gt(payments.blockNumber, ancestor.number)))
      .returning({ requestId: payments.requestId })
    const unrefunded = await tx
      .delete(refundTransfers)
      .where(and(eq(refundTransfers.chainId, chainId), gt(refundTransfers.blockNumber, ancestor.number)))
      .returning({ requestId: refundTransfers.requestId })
    await tx
      .delete(recentBlocks)
      .where(and(eq(recentBlocks.chainId, chainId), gt(recentBlocks.blockNumber, ancestor.number)))
    await setCursor(tx, chainId, ancestor)
    const refunded = await recomputeRefunded(
      tx,
      unrefunded.map((d) => d.requestId),
    )
    await recordHead(tx, chainId, head)
    const changed = await recomputeStatuses(tx, [...new Set(dropped.map((d) => d.requestId))], {
      head,
      confirmations,
      chainId,
    })
    return [...new Set([...changed, ...refunded])]
  })
}

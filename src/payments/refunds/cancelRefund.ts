import { and, eq, isNull, notExists } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { refundTransfers, refunds } from '../../db/schema.ts'
import type { RefundRow } from './refundRows.ts'
import { RefundFinishedError } from '../../domain/errors/refund.ts'

/**
 * Stops a prepared refund holding its amount (the payee's wallet declined, or they changed their
 * mind), in one statement and only while the chain shows no transfer for it. Should the transfer
 * appear after all, the watcher still records it: the chain has the last word.
 */
export async function cancelRefund(db: Db, id: string): Promise<RefundRow> {
  const [row] = await db
    .update(refunds)
    .set({ cancelledAt: new Date() })
    .where(
      and(
        eq(refunds.id, id),
        isNull(refunds.cancelledAt),
        notExists(db.select().from(refundTransfers).where(eq(refundTransfers.refundId, id))),
      ),
    )
    .returning()
  if (row) return row
  const [found] = await db.select().from(refunds).where(eq(refunds.id, id))
  if (found?.cancelledAt) return found
  throw new RefundFinishedError({
    field: 'id',
    shortMessage: 'This refund has been seen on chain, so it can no longer be cancelled.',
  })
}

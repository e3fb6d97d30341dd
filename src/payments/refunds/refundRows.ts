import { and, asc, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { isShortId } from '../../domain/shortId.ts'
import { paymentRequests, refundTransfers, refunds } from '../../db/schema.ts'

export type RefundRow = typeof refunds.$inferSelect
export type RefundTransferRow = typeof refundTransfers.$inferSelect
export type RefundWithTransfers = RefundRow & { transfers: RefundTransferRow[] }

/** A request's refunds, oldest first, each with the transfers the chain showed for it. */
export async function listRefunds(db: Db, requestId: string): Promise<RefundWithTransfers[]> {
  const rows = await db.select().from(refunds).where(eq(refunds.requestId, requestId)).orderBy(asc(refunds.createdAt))
  if (rows.length === 0) return []
  const transfers = await db
    .select()
    .from(refundTransfers)
    .where(
      inArray(
        refundTransfers.refundId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(refundTransfers.blockNumber), asc(refundTransfers.logIndex))
  return rows.map((r) => ({ ...r, transfers: transfers.filter((t) => t.refundId === r.id) }))
}

/**
 * What refunds in flight hold of a request: those prepared, not cancelled, not expired, and not yet
 * seen on chain (once seen, the transfer counts instead, in `refunded`).
 */
export async function heldByRefunds(db: Db, requestId: string, now: Date): Promise<bigint> {
  const [row] = await db
    .select({ held: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
    .from(refunds)
    .where(
      and(
        eq(refunds.requestId, requestId),
        isNull(refunds.cancelledAt),
        gt(refunds.expiresAt, now),
        notExists(db.select().from(refundTransfers).where(eq(refundTransfers.refundId, refunds.id))),
      ),
    )
  return BigInt(row?.held ?? '0')
}

/** Sets each request's `refunded` to the sum of its recorded refund transfers; returns the ids that changed. */
export async function recomputeRefunded(db: Db, requestIds: readonly string[]): Promise<string[]> {
  if (requestIds.length === 0) return []
  const ids = JSON.stringify([...new Set(requestIds)])
  const changed = await db.execute(sql`
    update ${paymentRequests} r set refunded = coalesce(t.total, 0)
    from (select id from json_array_elements_text(${ids}::json) as id) as listed
    left join (select request_id, sum(amount) as total from ${refundTransfers} group by request_id) as t
      on t.request_id = listed.id
    where r.id = listed.id and r.refunded is distinct from coalesce(t.total, 0)
    returning r.id`)
  return resultRows<{ id: string }>(changed).map((row) => row.id)
}

export async function findRefund(db: Db, id: string): Promise<RefundRow | undefined> {
  if (!isShortId(id)) return undefined
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id))
  return row
}

import { and, eq, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, payments } from '../../db/schema.ts'
import { paymentStatus } from '../../domain/paymentStatus.ts'

/** Recomputes the status of these requests from their payments; returns the ids that changed. */
export async function recomputeStatuses(
  db: Db,
  ids: readonly string[],
  { head, confirmations }: { head: bigint; confirmations: number },
): Promise<string[]> {
  if (ids.length === 0) return []
  // The ids as one JSON parameter: a backfill recomputes thousands at a time.
  const listed = sql`(select json_array_elements_text(${JSON.stringify(ids)}::json))`
  const requests = await db
    .select()
    .from(paymentRequests)
    .where(sql`${paymentRequests.id} in ${listed}`)
  const received = await db
    .select({
      requestId: payments.requestId,
      amount: payments.amount,
      blockNumber: payments.blockNumber,
      blockTime: payments.blockTime,
    })
    .from(payments)
    .where(sql`${payments.requestId} in ${listed}`)
  const byRequest = new Map<string, typeof received>()
  for (const payment of received) {
    const own = byRequest.get(payment.requestId)
    if (own) own.push(payment)
    else byRequest.set(payment.requestId, [payment])
  }
  const now = new Date()
  const updates: StatusUpdate[] = []
  for (const request of requests) {
    const own = (byRequest.get(request.id) ?? []).map((p) => ({ ...p, amount: BigInt(p.amount) }))
    const outcome = paymentStatus(
      { amount: BigInt(request.amount), dueAt: request.dueAt, cancelledAt: request.cancelledAt },
      own,
      { head, confirmations, now },
    )
    const same =
      outcome.status === request.status &&
      outcome.received === BigInt(request.received) &&
      outcome.paidAt?.getTime() === request.paidAt?.getTime()
    if (!same)
      updates.push({ id: request.id, status: outcome.status, received: outcome.received, paidAt: outcome.paidAt })
  }
  if (updates.length > 0) await updateStatuses(db, updates)
  return updates.map((u) => u.id)
}

type StatusUpdate = { id: string; status: string; received: bigint; paidAt: Date | null }

/** One statement for many rows, sent as one JSON parameter. */
function updateStatuses(db: Db, updates: readonly StatusUpdate[]) {
  const rows = updates.map((u) => ({
    id: u.id,
    status: u.status,
    received: u.received.toString(),
    paid_at: u.paidAt?.toISOString() ?? null,
  }))
  return db.execute(sql`
    update ${paymentRequests} set status = v.status, received = v.received, paid_at = v.paid_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(id text, status text, received numeric, paid_at timestamptz)
    where ${paymentRequests.id} = v.id`)
}

/** Requests on a chain whose status can change with time alone: pending ones mature, overdue open ones expire. */
export async function requestsDueForRecompute(db: Db, chainId: number): Promise<string[]> {
  const rows = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.chainId, chainId),
        or(
          eq(paymentRequests.status, 'pending'),
          and(eq(paymentRequests.status, 'open'), lte(paymentRequests.dueAt, new Date())),
        ),
      ),
    )
  return rows.map((r) => r.id)
}

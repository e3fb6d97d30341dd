import { and, eq, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, payments } from '../../db/schema.ts'
import { paymentStatus, type ReceivedPayment } from '../../domain/paymentStatus.ts'
import { keepShares, pricedPaymentValues } from './pricedPaymentValues.ts'

/** The ids as one JSON parameter: a backfill recomputes thousands at a time. */
const listOf = (ids: readonly string[]) => sql`(select json_array_elements_text(${JSON.stringify(ids)}::json))`

/**
 * Recomputes the status of these requests from their payments, and of the priced requests whose
 * quotes' requests are among them; returns the ids that changed.
 */
export async function recomputeStatuses(
  db: Db,
  ids: readonly string[],
  { head, confirmations }: { head: bigint; confirmations: number },
): Promise<string[]> {
  if (ids.length === 0) return []
  const listed = listOf(ids)
  const requests = await db
    .select()
    .from(paymentRequests)
    .where(
      or(
        sql`${paymentRequests.id} in ${listed}`,
        sql`${paymentRequests.id} in (select ${paymentRequests.pricedRequestId} from ${paymentRequests} where ${paymentRequests.id} in ${listed})`,
      ),
    )
  const received: (ReceivedPayment & { requestId: string; amount: bigint })[] = (
    await db
      .select({
        requestId: payments.requestId,
        amount: payments.amount,
        blockNumber: payments.blockNumber,
        blockTime: payments.blockTime,
      })
      .from(payments)
      .where(sql`${payments.requestId} in ${listed}`)
  ).map((p) => ({ ...p, amount: BigInt(p.amount) }))
  const priced = requests.filter((r) => r.currency !== null).map((r) => r.id)
  if (priced.length > 0) received.push(...(await valuedPayments(db, priced)))
  const byRequest = new Map<string, typeof received>()
  for (const payment of received) {
    const own = byRequest.get(payment.requestId)
    if (own) own.push(payment)
    else byRequest.set(payment.requestId, [payment])
  }
  const now = new Date()
  const updates: StatusUpdate[] = []
  for (const request of requests) {
    const own = byRequest.get(request.id) ?? []
    const outcome = paymentStatus(
      {
        amount: BigInt(request.amount),
        dueAt: request.dueAt,
        cancelledAt: request.cancelledAt,
        toleranceBps: request.toleranceBps,
      },
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

/**
 * The payments of priced requests (made to their quotes' requests), each counting for its share of
 * the running total's value in the request's currency (rounded once, not payment by payment), that
 * share kept as its value for the books; one not valued yet counts as not final, so the request is
 * pending.
 */
async function valuedPayments(db: Db, pricedIds: readonly string[]) {
  const values = await pricedPaymentValues(db, pricedIds)
  await keepShares(db, values)
  return values.map((payment) => ({
    requestId: payment.requestId,
    amount: payment.value ?? 0n,
    blockNumber: payment.blockNumber,
    blockTime: payment.blockTime,
    final: payment.value !== null,
  }))
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

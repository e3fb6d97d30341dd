import { and, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { chainHeads, paymentRequests, payments, requestChains } from '../../db/schema.ts'
import { confirmationsOn } from '../../chain/chains.ts'
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
  {
    head,
    confirmations,
    chainId,
  }: {
    head: bigint
    confirmations: number
    /** The chain `head` is of: a payment on another (a request of several chains) is judged by that chain's cursor. */
    chainId?: number
  },
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
  const paid = (
    await db
      .select({
        requestId: payments.requestId,
        chainId: payments.chainId,
        amount: payments.amount,
        blockNumber: payments.blockNumber,
        blockTime: payments.blockTime,
      })
      .from(payments)
      .where(sql`${payments.requestId} in ${listed}`)
  ).map((p): ReceivedPayment & { requestId: string; chainId: number } => ({ ...p, amount: BigInt(p.amount) }))
  if (chainId !== undefined) await confirmOnOwnChains(db, paid, chainId)
  const received: (ReceivedPayment & { requestId: string })[] = paid
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

/**
 * Marks the payments made on other chains than `chainId` confirmed or not by their own chain: the head
 * its watcher last wrote at against the confirmations it asks.
 */
async function confirmOnOwnChains(db: Db, received: (ReceivedPayment & { chainId: number })[], chainId: number) {
  const others = [...new Set(received.map((p) => p.chainId).filter((id) => id !== chainId))]
  if (others.length === 0) return
  const rows = await db
    .select({ chainId: chainHeads.chainId, head: chainHeads.headBlock })
    .from(chainHeads)
    .where(inArray(chainHeads.chainId, others))
  const heads = new Map(rows.map((c) => [c.chainId, BigInt(c.head)]))
  for (const payment of received) {
    if (payment.chainId === chainId) continue
    const head = heads.get(payment.chainId)
    payment.confirmed =
      head !== undefined && head - payment.blockNumber + 1n >= BigInt(confirmationsOn(payment.chainId))
  }
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
        or(
          eq(paymentRequests.chainId, chainId),
          // A request of several chains matures with each: its payment here waits for this chain's blocks.
          and(
            eq(paymentRequests.status, 'pending'),
            sql`${paymentRequests.id} in (select ${requestChains.requestId} from ${requestChains} where ${requestChains.chainId} = ${chainId})`,
          ),
        ),
        or(
          eq(paymentRequests.status, 'pending'),
          and(eq(paymentRequests.status, 'open'), lte(paymentRequests.dueAt, new Date())),
        ),
      ),
    )
  return rows.map((r) => r.id)
}

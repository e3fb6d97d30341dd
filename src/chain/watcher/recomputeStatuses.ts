import { and, eq, inArray, lte, or } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, payments } from '../../db/schema.ts'
import { paymentStatus } from '../../domain/paymentStatus.ts'

/** Recomputes the status of these requests from their payments; returns the ids that changed. */
export async function recomputeStatuses(db: Db, ids: readonly string[], { head, confirmations }: { head: bigint; confirmations: number }): Promise<string[]> {
  if (ids.length === 0) return []
  const requests = await db.select().from(paymentRequests).where(inArray(paymentRequests.id, [...ids]))
  const received = await db
    .select({ requestId: payments.requestId, amount: payments.amount, blockNumber: payments.blockNumber, blockTime: payments.blockTime })
    .from(payments)
    .where(inArray(payments.requestId, [...ids]))
  const now = new Date()
  const changed: string[] = []
  for (const request of requests) {
    const own = received.filter((p) => p.requestId === request.id).map((p) => ({ ...p, amount: BigInt(p.amount) }))
    const outcome = paymentStatus({ amount: BigInt(request.amount), dueAt: request.dueAt, cancelledAt: request.cancelledAt }, own, { head, confirmations, now })
    const same = outcome.status === request.status && outcome.received === BigInt(request.received) && outcome.paidAt?.getTime() === request.paidAt?.getTime()
    if (same) continue
    await db
      .update(paymentRequests)
      .set({ status: outcome.status, received: outcome.received.toString(), paidAt: outcome.paidAt })
      .where(eq(paymentRequests.id, request.id))
    changed.push(request.id)
  }
  return changed
}

/** Requests on a chain whose status can change with time alone: pending ones mature, overdue open ones expire. */
export async function requestsDueForRecompute(db: Db, chainId: number): Promise<string[]> {
  const rows = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.chainId, chainId),
        or(eq(paymentRequests.status, 'pending'), and(eq(paymentRequests.status, 'open'), lte(paymentRequests.dueAt, new Date()))),
      ),
    )
  return rows.map((r) => r.id)
}

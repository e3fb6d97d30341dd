import { and, asc, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, payments } from '../../db/schema.ts'
import { isShortId, newShortId } from '../../domain/shortId.ts'

export type PaymentRequestRow = typeof paymentRequests.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

/** A new request id. */
export const newPaymentRequestId = newShortId

/** Whether a string could be a request id; others are not looked up. */
export const isPaymentRequestId = isShortId

export async function findPaymentRequest(db: Db, id: string): Promise<PaymentRequestRow | undefined> {
  const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, id)).limit(1)
  return row
}

export async function listPaymentsOf(db: Db, requestIds: readonly string[]): Promise<PaymentRow[]> {
  if (requestIds.length === 0) return []
  return db.select().from(payments).where(inArray(payments.requestId, [...requestIds])).orderBy(asc(payments.blockNumber), asc(payments.logIndex))
}

/**
 * Cancels a request in one statement, only while no payment for it is recorded, so a payment the
 * watcher commits at the same moment is never hidden behind a cancel. Undefined when one is.
 */
export async function cancelUnpaidRequest(db: Db, id: string): Promise<PaymentRequestRow | undefined> {
  const [row] = await db
    .update(paymentRequests)
    .set({ cancelledAt: new Date(), status: 'cancelled' })
    .where(and(eq(paymentRequests.id, id), isNull(paymentRequests.cancelledAt), notExists(db.select().from(payments).where(eq(payments.requestId, id)))))
    .returning()
  return row
}

/** Whether a plain transfer (no reference) of what is still due would pay this request and no other. */
export async function directPaymentOf(db: Db, request: PaymentRequestRow): Promise<{ available: boolean; reason: string | null; due: bigint }> {
  const payable = ['open', 'partially_paid', 'pending']
  const dueOf = async (id: string, amount: string) => {
    const [row] = await db.select({ total: sql<string | null>`sum(${payments.amount})` }).from(payments).where(eq(payments.requestId, id))
    return BigInt(amount) - BigInt(row?.total ?? 0)
  }
  const due = await dueOf(request.id, request.amount)
  if (!payable.includes(request.status) || request.cancelledAt || due <= 0n) return { available: false, reason: 'This request is not waiting for a payment.', due: due > 0n ? due : 0n }
  const others = await db
    .select({ id: paymentRequests.id, amount: paymentRequests.amount })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.payee, request.payee),
        eq(paymentRequests.chainId, request.chainId),
        eq(paymentRequests.asset, request.asset),
        inArray(paymentRequests.status, payable),
        isNull(paymentRequests.cancelledAt),
        ne(paymentRequests.id, request.id),
      ),
    )
  for (const other of others)
    if ((await dueOf(other.id, other.amount)) === due)
      return { available: false, reason: 'The payee has another open request for the same amount, so a plain transfer could not be told apart. Pay with a wallet from this page.', due }
  return { available: true, reason: null, due }
}

/** Whether the payee has an open request on this chain and asset with exactly `amount` still due: a direct transfer could not tell a new one apart. */
export async function hasOpenRequestDue(db: Db, { payee, chainId, asset, amount }: { payee: string; chainId: number; asset: string; amount: bigint }): Promise<boolean> {
  const rows = await db
    .select({ amount: paymentRequests.amount, paid: sql<string | null>`(select sum(${payments.amount}) from ${payments} where ${payments.requestId} = ${paymentRequests.id})` })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.payee, payee), eq(paymentRequests.chainId, chainId), eq(paymentRequests.asset, asset), inArray(paymentRequests.status, ['open', 'partially_paid', 'pending']), isNull(paymentRequests.cancelledAt)))
  return rows.some((r) => BigInt(r.amount) - BigInt(r.paid ?? 0) === amount)
}

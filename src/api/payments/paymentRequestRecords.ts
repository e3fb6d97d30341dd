import { and, asc, eq, inArray, isNull, notExists } from 'drizzle-orm'
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

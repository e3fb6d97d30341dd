import { and, asc, eq, inArray, isNull, notExists } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, payments } from '../../db/schema.ts'

export type PaymentRequestRow = typeof paymentRequests.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

const idAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** 16 characters from a 57-letter alphabet (no look-alikes): about 93 bits, unguessable, URL-safe. */
export function newPaymentRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  let id = ''
  for (const byte of bytes) {
    // Rejection sampling keeps every letter equally likely.
    if (byte < 228) id += idAlphabet[byte % 57]
    if (id.length === 16) return id
  }
  return id + newPaymentRequestId().slice(0, 16 - id.length)
}

/** Whether a string could be a request id (ids this API gave out and older, shorter ones); others are not looked up. */
export const isPaymentRequestId = (value: string) => /^[A-Za-z0-9]{1,32}$/.test(value)

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

import { and, desc, eq, gte, lt } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, tillSales } from '../../db/schema.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { findWorkingTill } from './tills.ts'
import type { TillSaleRow } from './chargeSale.ts'

/**
 * The sale a till's fixed link opens: its newest, paid or expired (the payer's page says so), or
 * none when it was cancelled (its cashier left): the payer waits for the next one.
 */
export async function currentSale(db: Db, tillId: string): Promise<PaymentRequestRow | null> {
  const found = await findWorkingTill(db, tillId)
  if (!found) return null
  const [row] = await db
    .select({ request: paymentRequests })
    .from(tillSales)
    .innerJoin(paymentRequests, eq(paymentRequests.id, tillSales.requestId))
    .where(eq(tillSales.tillId, tillId))
    .orderBy(desc(tillSales.createdAt))
    .limit(1)
  return row && !row.request.cancelledAt ? row.request : null
}

/** A till's sales made in [from, to), oldest first, each with its request (status, what was received). */
export async function salesBetween(
  db: Db,
  tillId: string,
  { from, to }: { from: Date; to: Date },
): Promise<{ sale: TillSaleRow; request: PaymentRequestRow }[]> {
  return db
    .select({ sale: tillSales, request: paymentRequests })
    .from(tillSales)
    .innerJoin(paymentRequests, eq(paymentRequests.id, tillSales.requestId))
    .where(and(eq(tillSales.tillId, tillId), gte(tillSales.createdAt, from), lt(tillSales.createdAt, to)))
    .orderBy(tillSales.createdAt)
}

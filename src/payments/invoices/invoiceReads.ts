import { desc, eq, and, lt } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { invoices, paymentRequests } from '../../db/schema.ts'

export type InvoiceRow = typeof invoices.$inferSelect

/** The invoice a request is the payment of, if it is one. */
export async function invoiceOfRequest(db: Db, requestId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.requestId, requestId))
  return row
}

/** A payee's invoices, newest first, with their requests (for their status): `before` pages by sequence. */
export async function invoicesOf(
  db: Db,
  payee: string,
  { first, before }: { first: number; before?: number | undefined },
) {
  return db
    .select({ invoice: invoices, request: paymentRequests })
    .from(invoices)
    .innerJoin(paymentRequests, eq(paymentRequests.id, invoices.requestId))
    .where(and(eq(invoices.payee, payee), before === undefined ? undefined : lt(invoices.sequence, before)))
    .orderBy(desc(invoices.sequence))
    .limit(first)
}

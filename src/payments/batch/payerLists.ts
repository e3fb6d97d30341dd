import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { payerLists, paymentRequests } from '../../db/schema.ts'
import { newShortId } from '../../domain/shortId.ts'
import type { PaymentRequestRow } from '../repository/paymentRequests.ts'

export type PayerListRow = typeof payerLists.$inferSelect

/** As many requests as `/pay-several` keeps of the ones a browser opened: a month of invoices. */
const LISTED = 50
const STILL_PAYABLE = ['open', 'partially_paid', 'pending']

/** The payee's link for this payer: the one made before, else a new one (one per payee and payer). */
export async function payerListFor(db: Db, payee: string, payer: string): Promise<PayerListRow> {
  const key = { payee: getAddress(payee), payer: getAddress(payer) }
  await db
    .insert(payerLists)
    .values({ id: newShortId(), ...key })
    .onConflictDoNothing({ target: [payerLists.payee, payerLists.payer] })
  const [row] = await db
    .select()
    .from(payerLists)
    .where(and(eq(payerLists.payee, key.payee), eq(payerLists.payer, key.payer)))
  return row!
}

export async function findPayerList(db: Db, id: string): Promise<PayerListRow | undefined> {
  const [row] = await db.select().from(payerLists).where(eq(payerLists.id, id)).limit(1)
  return row
}

/** The list's payee's requests made for its payer that can still be paid, newest first. */
export async function openRequestsOfList(db: Db, list: PayerListRow): Promise<PaymentRequestRow[]> {
  return db
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.payee, list.payee),
        // Compared without case: a request keeps its payer as it was given.
        sql`lower(${paymentRequests.payer}) = ${list.payer.toLowerCase()}`,
        inArray(paymentRequests.status, STILL_PAYABLE),
      ),
    )
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .limit(LISTED)
}

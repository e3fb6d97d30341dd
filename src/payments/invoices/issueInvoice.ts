import { and, eq } from 'drizzle-orm'
import type { Hex } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { idempotencyKeys, invoices, sellerDetails } from '../../db/schema.ts'
import { invoiceNumber } from '../../domain/invoice/invoiceNumber.ts'
import {
  findPaymentRequest,
  insertPaymentRequest,
  type NewPaymentRequest,
  type PaymentRequestRow,
} from '../repository/paymentRequests.ts'
import type { InvoiceRow } from './invoiceReads.ts'
import type { SellerDetailsRow } from './sellerDetails.ts'
import { IdempotencyKeyReusedError } from '../../domain/errors/request.ts'
import { SellerDetailsMissingError, InvoiceNumberTakenError } from '../../domain/errors/invoice.ts'

/** A merchant's `Idempotency-Key` for an invoice: a retry gets the invoice the first try issued. */
export type InvoiceIdempotency = { apiKeyId: string; key: string; fingerprint: string }

/** What an invoice numbered `number` stores: its request (signed) and its document's text and hash. */
export type InvoiceToStore = { request: NewPaymentRequest; text: string; hash: Hex }

export const sellerDetailsMissing = () =>
  new SellerDetailsMissingError({
    field: 'seller',
    shortMessage: 'Add your details as a seller (Settings → Invoicing) before issuing an invoice.',
  })

/**
 * Issues the payee's next invoice: in one transaction the payee's seller row is locked, its next
 * number taken, the request and the document stored and the sequence moved on. Two servers issuing
 * at once wait for each other's commit, and a failure anywhere stores nothing and takes no number.
 * `expected` is the number the payee's wallet signed: if another invoice took it first, nothing is
 * stored and the error says to sign again. With `idempotency`, a key already used returns the invoice
 * it issued (`replayed`), taking no number: the seller row's lock orders the two tries.
 */
export async function issueInvoice(
  db: Db,
  payee: string,
  make: (seller: SellerDetailsRow, number: string) => Promise<InvoiceToStore> | InvoiceToStore,
  { expected, idempotency }: { expected?: string; idempotency?: InvoiceIdempotency | undefined } = {},
): Promise<{ request: PaymentRequestRow; invoice: InvoiceRow; replayed: boolean }> {
  return db.transaction(async (tx) => {
    const [seller] = await tx.select().from(sellerDetails).where(eq(sellerDetails.payee, payee)).for('update')
    if (!seller) throw sellerDetailsMissing()
    if (idempotency) {
      const earlier = await earlierUse(tx, payee, idempotency)
      if (earlier) return { ...earlier, replayed: true }
    }
    const number = invoiceNumber(seller.numberPattern, seller.nextSequence)
    if (expected !== undefined && expected !== number)
      throw new InvoiceNumberTakenError({
        field: 'number',
        shortMessage: `Invoice number ${expected} was just issued to another invoice; this one is ${number}. Sign it again.`,
      })
    const made = await make(seller, number)
    const request = await insertPaymentRequest(tx, made.request)
    const [invoice] = await tx
      .insert(invoices)
      .values({
        requestId: request.id,
        payee,
        sequence: seller.nextSequence,
        number,
        document: made.text,
        documentHash: made.hash,
      })
      .returning()
    await tx
      .update(sellerDetails)
      .set({ nextSequence: seller.nextSequence + 1 })
      .where(eq(sellerDetails.payee, payee))
    if (idempotency)
      await tx.insert(idempotencyKeys).values({
        payee,
        apiKeyId: idempotency.apiKeyId,
        key: idempotency.key,
        fingerprint: idempotency.fingerprint,
        requestId: request.id,
      })
    return { request, invoice: invoice!, replayed: false }
  })
}

/** The invoice an `Idempotency-Key` already issued; the same key with another body (or for a request) is refused. */
async function earlierUse(db: Db, payee: string, idempotency: InvoiceIdempotency) {
  const [earlier] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.payee, payee), eq(idempotencyKeys.key, idempotency.key)))
  if (!earlier) return undefined
  const [invoice] = earlier.requestId
    ? await db.select().from(invoices).where(eq(invoices.requestId, earlier.requestId))
    : []
  if (earlier.fingerprint !== idempotency.fingerprint || !invoice)
    throw new IdempotencyKeyReusedError({
      field: 'Idempotency-Key',
      shortMessage: 'This Idempotency-Key was used with another body. Use a new key for a new invoice.',
    })
  return { request: (await findPaymentRequest(db, invoice.requestId))!, invoice }
}

import { and, eq, isNull, notExists, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { invoices, paymentRequests, payments } from '../../db/schema.ts'
import { deceptiveTextProblem } from '../../domain/displayText.ts'
import type { InvoiceDocument } from '../../domain/invoice/invoiceDocument.ts'
import type { Locale } from '../../domain/locales.ts'
import type { PaymentRequestRow } from '../repository/paymentRequests.ts'
import { invoiceLabels } from '../invoices/pdf/invoiceLabels.ts'
import { issueCreditNote, type CreditNoteRow } from './issueCreditNote.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import { PaymentReceivedError } from '../../domain/errors/paymentRequest.ts'

const MAX_REASON = 300

/**
 * Cancels an unpaid invoice by a credit note of its full amount, in one transaction: its request
 * (and its quotes' requests, for one priced in a currency) is closed only while no payment for any of
 * them is recorded, so a payment the watcher commits at the same moment is never hidden behind a
 * cancel; the request's row is locked first, so two cancels make one note. A cancelled invoice's
 * cancel answers its note again.
 */
export async function cancelInvoice(db: Db, request: PaymentRequestRow, reasonInput: string): Promise<CreditNoteRow> {
  const reason = reasonInput.trim()
  const problem =
    [...reason].length > MAX_REASON
      ? `Reason can be at most ${MAX_REASON} characters.`
      : deceptiveTextProblem('Reason', reason.replace(/\n/g, ' '))
  if (problem) throw new BadUserInputError({ field: 'reason', shortMessage: problem })
  return db.transaction(async (tx) => {
    await tx
      .select({ id: paymentRequests.id })
      .from(paymentRequests)
      .where(eq(paymentRequests.id, request.id))
      .for('update')
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.requestId, request.id))
    if (!invoice)
      throw new BadUserInputError({
        field: 'id',
        shortMessage: 'This request is not an invoice: cancel it as a request.',
      })
    const ours = or(eq(paymentRequests.id, request.id), eq(paymentRequests.pricedRequestId, request.id))
    const [paid] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(paymentRequests, eq(paymentRequests.id, payments.requestId))
      .where(ours)
    if (paid!.n > 0)
      throw new PaymentReceivedError({
        field: 'id',
        shortMessage:
          'A payment for this invoice has been seen on chain: refund it instead, which issues a credit note.',
      })
    await tx
      .update(paymentRequests)
      .set({ cancelledAt: new Date(), status: 'cancelled' })
      .where(
        and(
          ours,
          isNull(paymentRequests.cancelledAt),
          notExists(tx.select().from(payments).where(eq(payments.requestId, paymentRequests.id))),
        ),
      )
    const document = JSON.parse(invoice.document) as InvoiceDocument
    const note = await issueCreditNote(tx, {
      invoiceRequestId: invoice.requestId,
      kind: 'cancellation',
      refundId: null,
      amount: BigInt(document.totals.total),
      issueDate: new Date().toISOString().slice(0, 10),
      reason: reason || (invoiceLabels[document.language as Locale] ?? invoiceLabels.en).cancelReason,
      refund: null,
    })
    return note!
  })
}

import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { creditNotes, invoices, sellerDetails } from '../../db/schema.ts'
import {
  creditNoteDocument,
  creditNoteDocumentText,
  type CreditNoteDocument,
  type CreditNoteKind,
} from '../../domain/invoice/creditNoteDocument.ts'
import { invoiceDocumentHash, type InvoiceDocument } from '../../domain/invoice/invoiceDocument.ts'
import { invoiceNumber } from '../../domain/invoice/invoiceNumber.ts'
import { newShortId } from '../../domain/shortId.ts'
import type { SellerDetailsRow } from '../invoices/sellerDetails.ts'

export type CreditNoteRow = typeof creditNotes.$inferSelect

/** What a credit note to issue takes back: `amount` in the invoice's minor units (cut to what is left of it). */
export type CreditNoteToIssue = {
  invoiceRequestId: string
  kind: CreditNoteKind
  refundId: string | null
  amount: bigint
  issueDate: string
  reason: string
  refund: CreditNoteDocument['refund']
}

/** The number a credit note takes: in the payee's credit-note sequence, or in the invoices' when they chose so. */
export function nextCreditNoteNumber(seller: SellerDetailsRow): { sequence: number; number: string } {
  return seller.creditNoteNumbering === 'shared'
    ? { sequence: seller.nextSequence, number: invoiceNumber(seller.numberPattern, seller.nextSequence) }
    : {
        sequence: seller.nextCreditNoteSequence,
        number: invoiceNumber(seller.creditNotePattern, seller.nextCreditNoteSequence),
      }
}

/**
 * Issues a credit note inside transaction `tx`: the payee's seller row is locked as for an invoice,
 * so credit notes and invoices take their numbers one after another whichever server issues them;
 * then a note already issued for the same refund (or the same cancellation) is returned as it is, so
 * a retry or a second server issues none. Undefined when nothing of the invoice is left to take back.
 */
export async function issueCreditNote(tx: Db, note: CreditNoteToIssue): Promise<CreditNoteRow | undefined> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.requestId, note.invoiceRequestId))
  if (!invoice) return undefined
  const [seller] = await tx.select().from(sellerDetails).where(eq(sellerDetails.payee, invoice.payee)).for('update')
  if (!seller) return undefined
  const [earlier] = await tx
    .select()
    .from(creditNotes)
    .where(
      note.refundId === null
        ? and(eq(creditNotes.invoiceRequestId, invoice.requestId), eq(creditNotes.kind, note.kind))
        : eq(creditNotes.refundId, note.refundId),
    )
  if (earlier) return earlier
  const document = JSON.parse(invoice.document) as InvoiceDocument
  const [{ before }] = (await tx
    .select({
      before: sql<string>`coalesce(sum((${creditNotes.document}::jsonb #>> '{totals,total}')::numeric), 0)::text`,
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceRequestId, invoice.requestId))) as [{ before: string }]
  const left = BigInt(document.totals.total) - BigInt(before)
  const amount = note.amount < left ? note.amount : left
  if (amount <= 0n) return undefined
  const { sequence, number } = nextCreditNoteNumber(seller)
  const text = creditNoteDocumentText(
    creditNoteDocument(document, invoice.documentHash, { ...note, number, amount, before: BigInt(before) }),
  )
  const [row] = await tx
    .insert(creditNotes)
    .values({
      id: newShortId(),
      payee: invoice.payee,
      invoiceRequestId: invoice.requestId,
      refundId: note.refundId,
      kind: note.kind,
      sequence,
      number,
      document: text,
      documentHash: invoiceDocumentHash(text),
    })
    .returning()
  await tx
    .update(sellerDetails)
    .set(
      seller.creditNoteNumbering === 'shared'
        ? { nextSequence: seller.nextSequence + 1 }
        : { nextCreditNoteSequence: seller.nextCreditNoteSequence + 1 },
    )
    .where(eq(sellerDetails.payee, seller.payee))
  return row
}

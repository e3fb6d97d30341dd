import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { invoices } from '../../db/schema.ts'
import { parseInvoiceDocument, type InvoiceDocument } from '../../domain/invoice/invoiceDocument.ts'

/** The payee's invoices issued in [from, to) (by their issue date), oldest first, as their documents say. */
export async function invoicesIssued(
  db: Db,
  payee: string,
  { from, to }: { from: Date; to: Date },
): Promise<InvoiceDocument[]> {
  const rows = await db
    .select({ document: invoices.document, sequence: invoices.sequence })
    .from(invoices)
    .where(eq(invoices.payee, getAddress(payee)))
    .orderBy(invoices.sequence)
  const [first, end] = [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)]
  return rows
    .map((row) => parseInvoiceDocument(row.document))
    .filter((d): d is InvoiceDocument => !!d && d.issueDate >= first && d.issueDate < end)
}

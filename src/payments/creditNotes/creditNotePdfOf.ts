import type { Db } from '../../db/createDatabase.ts'
import type { CreditNoteDocument } from '../../domain/invoice/creditNoteDocument.ts'
import type { Paper } from '../invoices/pdf/pdfCursor.ts'
import { drawInvoicePdf } from '../invoices/pdf/pdfThread.ts'
import { sellerDetailsOf } from '../invoices/sellerDetails.ts'
import { findCreditNote } from './creditNoteReads.ts'

/** The PDF of credit note `id`, drawn on the invoices' PDF thread, or undefined when there is none. */
export async function creditNotePdfOf(
  db: Db,
  id: string,
  { paper, chainName }: { paper: Paper; chainName: (chainId: number) => string },
): Promise<{ pdf: Uint8Array; number: string } | undefined> {
  const note = await findCreditNote(db, id)
  if (!note) return undefined
  const seller = await sellerDetailsOf(db, note.payee)
  const creditNote = JSON.parse(note.document) as CreditNoteDocument
  const pdf = await drawInvoicePdf({
    creditNote,
    documentHash: note.documentHash,
    logoPng: seller?.logoPng ? Buffer.from(seller.logoPng, 'base64') : null,
    chainName: creditNote.refund ? chainName(creditNote.refund.chainId) : null,
    paper,
  })
  return { pdf, number: note.number }
}

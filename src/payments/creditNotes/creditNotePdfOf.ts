import type { Db } from '../../db/createDatabase.ts'
import type { CreditNoteDocument } from '../../domain/invoice/creditNoteDocument.ts'
import type { Paper } from '../invoices/pdf/pdfCursor.ts'
import { drawInvoicePdf } from '../invoices/pdf/pdfThread.ts'
import { sellerDetailsOf } from '../invoices/sellerDetails.ts'
import { findCreditNote } from './creditNoteReads.ts'

/**
 * The PDF of credit note `id`, drawn on the invoices' PDF thread, or undefined when there is none;
 * with `eInvoiceXml` and an XML for this note, its Factur-X e-invoice (PDF/A-3b with the XML embedded).
 */
export async function creditNotePdfOf(
  db: Db,
  id: string,
  {
    paper,
    chainName,
    eInvoiceXml,
  }: {
    paper: Paper
    chainName: (chainId: number) => string
    eInvoiceXml?: (id: string) => Promise<string | undefined>
  },
): Promise<{ pdf: Uint8Array; number: string } | undefined> {
  const note = await findCreditNote(db, id)
  if (!note) return undefined
  const [seller, xml] = await Promise.all([sellerDetailsOf(db, note.payee), eInvoiceXml?.(id)])
  const creditNote = JSON.parse(note.document) as CreditNoteDocument
  const pdf = await drawInvoicePdf({
    creditNote,
    documentHash: note.documentHash,
    logoPng: seller?.logoPng ? Buffer.from(seller.logoPng, 'base64') : null,
    chainName: creditNote.refund ? chainName(creditNote.refund.chainId) : null,
    paper,
    ...(xml === undefined ? {} : { eInvoiceXml: xml }),
  })
  return { pdf, number: note.number }
}

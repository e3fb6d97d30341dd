import type { Db } from '../../db/createDatabase.ts'
import type { CreditNoteDocument } from '../../domain/invoice/creditNoteDocument.ts'
import { eInvoiceUnavailable, xrechnungUnavailable } from '../../domain/invoice/eInvoiceAvailability.ts'
import { parseInvoiceDocument } from '../../domain/invoice/invoiceDocument.ts'
import { ciiXml } from '../invoices/einvoice/ciiXml.ts'
import type { ChainLookup, EInvoiceFlavour } from '../invoices/einvoice/requestEInvoice.ts'
import { ublXml } from '../invoices/einvoice/ublXml.ts'
import { invoiceOfRequest } from '../invoices/invoiceReads.ts'
import { creditNoteEInvoice } from './creditNoteEInvoice.ts'
import { findCreditNote } from './creditNoteReads.ts'

/**
 * The e-invoice of credit note `id` in `flavour`: undefined when there is no such credit note,
 * `unavailable` with the reason when its invoice has no e-invoice (so neither has the note).
 */
export async function creditNoteXmlOf(
  db: Db,
  id: string,
  flavour: EInvoiceFlavour,
  { chains }: { chains: Pick<ChainLookup, 'chainName' | 'explorerUrl'> },
): Promise<{ xml: string; number: string } | { unavailable: string } | undefined> {
  const note = await findCreditNote(db, id)
  if (!note) return undefined
  const invoice = await invoiceOfRequest(db, note.invoiceRequestId)
  const document = invoice && parseInvoiceDocument(invoice.document)
  if (!document) return undefined
  const unavailable = eInvoiceUnavailable(document)
  if (unavailable || document.version !== 2) return { unavailable: unavailable! }
  if (flavour !== 'cii') {
    const lacking = xrechnungUnavailable(document)
    if (lacking) return { unavailable: lacking }
  }
  const eInvoice = creditNoteEInvoice(JSON.parse(note.document) as CreditNoteDocument, document, {
    payee: note.payee,
    chainName: chains.chainName,
    explorerUrl: chains.explorerUrl,
  })
  const xml =
    flavour === 'cii'
      ? ciiXml(eInvoice, 'en16931')
      : flavour === 'xrechnung-cii'
        ? ciiXml(eInvoice, 'xrechnung')
        : ublXml(eInvoice, 'xrechnung')
  return { xml, number: note.number }
}

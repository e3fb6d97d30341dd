import type { Db } from '../../db/createDatabase.ts'
import type { InvoiceDocument } from '../../domain/invoice/invoiceDocument.ts'
import { findPaymentRequest, isPaymentRequestId } from '../repository/paymentRequests.ts'
import { invoiceOfRequest } from './invoiceReads.ts'
import { invoicePayments } from './invoicePayments.ts'
import { drawInvoicePdf } from './pdf/pdfThread.ts'
import type { Paper } from './pdf/pdfCursor.ts'
import { sellerDetailsOf } from './sellerDetails.ts'

/** The invoice's EN 16931 CII XML, or undefined when it can have none: the PDF is then a plain one. */
export type EInvoiceXmlOf = (requestId: string) => Promise<string | undefined>

/**
 * The PDF of the invoice that request `id` pays, as it stands now (stamped paid with its
 * transactions once paid), or undefined when there is no such invoice. With `eInvoiceXml` and an
 * XML for this invoice, the PDF is its Factur-X e-invoice: PDF/A-3b with the XML embedded.
 */
export async function invoicePdfOf(
  db: Db,
  id: string,
  {
    publicUrl,
    paper,
    chainName,
    eInvoiceXml,
  }: { publicUrl: string; paper: Paper; chainName: (chainId: number) => string; eInvoiceXml?: EInvoiceXmlOf },
): Promise<{ pdf: Uint8Array; number: string } | undefined> {
  if (!isPaymentRequestId(id)) return undefined
  const [request, invoice] = await Promise.all([findPaymentRequest(db, id), invoiceOfRequest(db, id)])
  if (!request || !invoice) return undefined
  const [payments, seller, xml] = await Promise.all([
    invoicePayments(db, request),
    sellerDetailsOf(db, request.payee),
    eInvoiceXml?.(id),
  ])
  const pdf = await drawInvoicePdf({
    document: JSON.parse(invoice.document) as InvoiceDocument,
    documentHash: invoice.documentHash,
    logoPng: seller?.logoPng ? Buffer.from(seller.logoPng, 'base64') : null,
    payUrl: new URL(`/pay/${id}`, publicUrl).href,
    paid: request.status === 'paid' || request.status === 'overpaid',
    payments: payments.map((p) => ({ ...p, chainName: chainName(p.chainId) })),
    paper,
    ...(xml === undefined ? {} : { eInvoiceXml: xml }),
  })
  return { pdf, number: invoice.number }
}

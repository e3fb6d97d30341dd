import type { Db } from '../../../db/createDatabase.ts'
import { parseInvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import type { Asset } from '../../../domain/paymentRequest.ts'
import { findPaymentRequest, isPaymentRequestId } from '../../repository/paymentRequests.ts'
import { invoiceOfRequest } from '../invoiceReads.ts'
import { invoicePayments } from '../invoicePayments.ts'
import { ciiXml } from './ciiXml.ts'
import { eInvoiceUnavailable, xrechnungUnavailable } from '../../../domain/invoice/eInvoiceAvailability.ts'
import { documentEInvoice } from './documentEInvoice.ts'
import { ublXml } from './ublXml.ts'

/** The three XML files an invoice is served as: Factur-X's CII (EN 16931), and XRechnung in CII and in UBL. */
export type EInvoiceFlavour = 'cii' | 'xrechnung-cii' | 'xrechnung-ubl'

export type ChainLookup = {
  chainName: (chainId: number) => string
  explorerUrl: (chainId: number) => string | null
  assets: readonly Asset[]
}

/**
 * The e-invoice of the invoice request `id` pays, as it stands now (once paid, with what was paid
 * and each transaction as proof): undefined when there is no such invoice, `unavailable` with the
 * reason when this invoice cannot have one (issued before version 2, in a token, or lacking what
 * XRechnung asks for).
 */
export async function requestEInvoice(
  db: Db,
  id: string,
  flavour: EInvoiceFlavour,
  { publicUrl, chains }: { publicUrl: string; chains: ChainLookup },
): Promise<{ xml: string; number: string } | { unavailable: string } | undefined> {
  if (!isPaymentRequestId(id)) return undefined
  const [request, invoice] = await Promise.all([findPaymentRequest(db, id), invoiceOfRequest(db, id)])
  if (!request || !invoice) return undefined
  const document = parseInvoiceDocument(invoice.document)
  if (!document) return undefined
  const unavailable = eInvoiceUnavailable(document)
  if (unavailable || document.version !== 2) return { unavailable: unavailable! }
  if (flavour !== 'cii') {
    const lacking = xrechnungUnavailable(document)
    if (lacking) return { unavailable: lacking }
  }
  const payments = await invoicePayments(db, request)
  const paid = request.status === 'paid' || request.status === 'overpaid'
  const known = payments.reduce((sum, p) => sum + (p.value ?? 0n), 0n)
  const symbolOf = (address: string) =>
    chains.assets.find((a) => a.chainId === request.chainId && a.address.toLowerCase() === address.toLowerCase())
      ?.symbol ?? address
  const chainName = chains.chainName(request.chainId)
  const eInvoice = documentEInvoice(document, {
    payee: request.payee,
    chainId: request.chainId,
    chainName,
    tokens: request.currency ? (request.acceptedAssets ?? []).map(symbolOf) : [request.symbol],
    payUrl: new URL(`/pay/${id}`, publicUrl).href,
    // Once the request is paid the invoice is settled, whatever a quote's rounding left over.
    paidAmount: paid ? BigInt(document.totals.total) : known,
    payments: payments.map((p) => ({
      chainId: p.chainId,
      chainName: chains.chainName(p.chainId),
      txHash: p.txHash,
      blockNumber: p.blockNumber,
      amount: p.amount,
      symbol: p.symbol,
      decimals: p.decimals,
      explorerUrl: chains.explorerUrl(p.chainId),
    })),
  })
  const xml =
    flavour === 'cii'
      ? ciiXml(eInvoice, 'en16931')
      : flavour === 'xrechnung-cii'
        ? ciiXml(eInvoice, 'xrechnung')
        : ublXml(eInvoice, 'xrechnung')
  return { xml, number: invoice.number }
}

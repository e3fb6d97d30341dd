import { fiatCurrency } from '../currencies.ts'
import type { InvoiceDocument, InvoiceDocumentV2 } from './invoiceDocument.ts'

/**
 * Why a document has no e-invoice, or undefined when it can have one: a version 1 document lacks
 * the countries and VAT categories the norm requires, an invoice in a token has no ISO 4217 currency.
 */
export function eInvoiceUnavailable(document: InvoiceDocument): string | undefined {
  if (document.version !== 2)
    return 'This invoice was issued before Billfold wrote e-invoices: it lacks the countries and VAT categories EN 16931 requires, so it has its PDF only.'
  if (!fiatCurrency(document.currency))
    return `This invoice is in ${document.currency}, a token: EN 16931 requires an ISO 4217 currency, so it has no e-invoice. An invoice priced in a currency has one.`
  if (!document.seller.country)
    return 'This invoice names no seller country, which EN 16931 requires: invoices issued after you add your country in Settings → Invoicing have an e-invoice.'
  if (!document.buyer.country)
    return "This invoice names no buyer country, which EN 16931 requires: give the buyer's country when issuing an invoice for it to have an e-invoice."
  return undefined
}

/** What XRechnung asks for beyond EN 16931 (BR-DE-2…9, BR-DE-15, the electronic addresses), as one sentence, or undefined. */
export function xrechnungUnavailable(document: InvoiceDocumentV2): string | undefined {
  const missing = [
    !document.buyerReference && "the buyer's reference (Leitweg-ID)",
    !document.seller.city && 'your city',
    !document.seller.postcode && 'your postcode',
    !document.seller.phone && 'your telephone number',
    !document.seller.email && 'your e-mail address',
    !document.buyer.city && "the buyer's city",
    !document.buyer.postcode && "the buyer's postcode",
    !document.buyer.email && "the buyer's e-mail address",
  ].filter((m): m is string => Boolean(m))
  return missing.length === 0 ? undefined : `An XRechnung needs ${missing.join(', ')}; this invoice lacks it.`
}

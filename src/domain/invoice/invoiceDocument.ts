import { keccak256, stringToBytes, type Hex } from 'viem'
import { paymentRequestTypedData, paymentRequestTypes, type PaymentRequestTerms } from '../paymentRequest.ts'
import { pricedRequestTypedData, pricedRequestTypes, type PricedRequestTerms } from '../pricedRequest.ts'
import type { CheckedInvoice, InvoiceLine } from './invoiceDraft.ts'
import type { InvoiceParty } from './invoiceParty.ts'
import { invoiceTotals, type TaxRounding } from './invoiceTotals.ts'
import type { TaxCategory } from './taxCategory.ts'

/**
 * What an invoice says, as the payee's wallet signs it (its hash) and as it is stored and sent: every
 * amount an integer string (lines in 1/10⁴ and 1/10^(minor+4), totals in minor units), so any
 * reader recomputes the same hash from the same text. Version 2 adds what an EN 16931 e-invoice
 * needs (`InvoiceDocumentV2`); a version 1 document stays as it was signed.
 */
export type InvoiceDocument = InvoiceDocumentV1 | InvoiceDocumentV2

export type InvoiceDocumentV1 = {
  version: 1
  number: string
  issueDate: string
  dueDate: string
  language: string
  /** The currency's code, or the token's symbol for an invoice in a token. */
  currency: string
  /** Decimals of the minor unit (2 for EUR, 0 for JPY, 6 for USDC). */
  minorDigits: number
  seller: InvoiceParty
  buyer: InvoiceParty
  lines: { description: string; quantity: string; unitPrice: string; taxRate: string }[]
  rounding: TaxRounding
  notes: string
  totals: { rates: { rate: string; net: string; tax: string }[]; net: string; tax: string; total: string }
}

export type InvoiceDocumentV2 = Omit<InvoiceDocumentV1, 'version' | 'lines' | 'totals'> & {
  version: 2
  seller: Required<InvoiceParty>
  buyer: Required<InvoiceParty>
  buyerReference: string
  paymentTerms: string
  deliveryDate: string
  periodStart: string
  periodEnd: string
  exemptionReason: string
  exemptionCode: string
  lines: { description: string; quantity: string; unitPrice: string; taxRate: string; taxCategory: TaxCategory }[]
  totals: {
    rates: { category: TaxCategory; rate: string; net: string; tax: string }[]
    net: string
    tax: string
    total: string
  }
}

const party = (p: InvoiceParty): Required<InvoiceParty> => ({
  name: p.name,
  address: p.address,
  postcode: p.postcode ?? '',
  city: p.city ?? '',
  country: p.country ?? '',
  taxId: p.taxId,
  vatId: p.vatId ?? '',
  email: p.email,
  phone: p.phone ?? '',
})

/** The document of a checked invoice, its totals computed; keys in one fixed order, so its text is canonical. */
export function invoiceDocument(
  invoice: CheckedInvoice,
  {
    number,
    currency,
    minorDigits,
    seller,
  }: { number: string; currency: string; minorDigits: number; seller: InvoiceParty },
): InvoiceDocumentV2 {
  const totals = invoiceTotals(invoice.lines, invoice.rounding)
  return {
    version: 2,
    number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    language: invoice.language,
    currency,
    minorDigits,
    seller: party(seller),
    buyer: party(invoice.buyer),
    buyerReference: invoice.buyerReference,
    paymentTerms: invoice.paymentTerms,
    deliveryDate: invoice.deliveryDate,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    exemptionReason: invoice.exemptionReason,
    exemptionCode: invoice.exemptionCode,
    lines: invoice.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity.toString(),
      unitPrice: l.unitPrice.toString(),
      taxRate: l.taxRate.toString(),
      taxCategory: l.taxCategory,
    })),
    rounding: invoice.rounding,
    notes: invoice.notes,
    totals: {
      rates: totals.rates.map((r) => ({
        category: r.category as TaxCategory,
        rate: r.rate.toString(),
        net: r.net.toString(),
        tax: r.tax.toString(),
      })),
      net: totals.net.toString(),
      tax: totals.tax.toString(),
      total: totals.total.toString(),
    },
  }
}

/** The exact text that is hashed, stored and served. */
export const invoiceDocumentText = (document: InvoiceDocument) => JSON.stringify(document)

/** A document from its text, or undefined when the text is not one (a reader trusts nothing it was sent). */
export function parseInvoiceDocument(text: string): InvoiceDocument | undefined {
  try {
    const document = JSON.parse(text) as InvoiceDocument
    return document && typeof document === 'object' && Array.isArray(document.lines) ? document : undefined
  } catch {
    return undefined
  }
}

/** The hash the payee signs: keccak-256 of the document's text as UTF-8. */
export const invoiceDocumentHash = (text: string): Hex => keccak256(stringToBytes(text))

/** The lines of a stored document as integers again (a version 1 line names no category). */
export const documentLines = (
  document: InvoiceDocument,
): (Omit<InvoiceLine, 'taxCategory'> & { taxCategory?: TaxCategory })[] =>
  document.lines.map((l) => ({
    description: l.description,
    quantity: BigInt(l.quantity),
    unitPrice: BigInt(l.unitPrice),
    taxRate: BigInt(l.taxRate),
    ...('taxCategory' in l ? { taxCategory: l.taxCategory } : {}),
  }))

/** Whether a document's totals are those its own lines give: a reader need not trust the sums it was sent. */
export function documentAddsUp(document: InvoiceDocument): boolean {
  const totals = invoiceTotals(documentLines(document), document.rounding)
  return (
    totals.total.toString() === document.totals.total &&
    totals.net.toString() === document.totals.net &&
    totals.tax.toString() === document.totals.tax &&
    totals.rates.length === document.totals.rates.length &&
    totals.rates.every((r, i) => {
      const stated = document.totals.rates[i]!
      return (
        stated.rate === r.rate.toString() &&
        stated.net === r.net.toString() &&
        stated.tax === r.tax.toString() &&
        ('category' in stated ? stated.category : undefined) === r.category
      )
    })
  )
}

const invoiceField = { name: 'invoice', type: 'bytes32' } as const

export const invoiceTypes = { Invoice: [...paymentRequestTypes.PaymentRequest, invoiceField] } as const
export const pricedInvoiceTypes = { PricedInvoice: [...pricedRequestTypes.PricedPaymentRequest, invoiceField] } as const

/** The typed data an invoice in a token is signed as: its request's fields, then the document's hash, under the name a wallet shows. */
export function invoiceTypedData(terms: PaymentRequestTerms, documentHash: Hex) {
  const request = paymentRequestTypedData(terms)
  return {
    domain: request.domain,
    types: invoiceTypes,
    primaryType: 'Invoice' as const,
    message: { ...request.message, invoice: documentHash },
  }
}

/** The same for an invoice priced in a currency. */
export function pricedInvoiceTypedData(terms: PricedRequestTerms, documentHash: Hex) {
  const request = pricedRequestTypedData(terms)
  return {
    domain: request.domain,
    types: pricedInvoiceTypes,
    primaryType: 'PricedInvoice' as const,
    message: { ...request.message, invoice: documentHash },
  }
}

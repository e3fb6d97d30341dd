import { keccak256, stringToBytes, type Hex } from 'viem'
import type { CheckedInvoice, InvoiceLine } from './invoiceDraft.ts'
import type { InvoiceParty } from './invoiceParty.ts'
import { invoiceTotals, type TaxRounding } from './invoiceTotals.ts'

/**
 * What an invoice says, as the payee's wallet signs it (its hash) and as it is stored and sent: every
 * amount an integer string (lines in 1/10⁴ and 1/10^(minor+4), totals in minor units), so any
 * reader recomputes the same hash from the same text.
 */
export type InvoiceDocument = {
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

const party = (p: InvoiceParty): InvoiceParty => ({ name: p.name, address: p.address, taxId: p.taxId, email: p.email })

/** The document of a checked invoice, its totals computed; keys in one fixed order, so its text is canonical. */
export function invoiceDocument(
  invoice: CheckedInvoice,
  { number, currency, minorDigits, seller }: { number: string; currency: string; minorDigits: number; seller: InvoiceParty },
): InvoiceDocument {
  const totals = invoiceTotals(invoice.lines, invoice.rounding)
  return {
    version: 1,
    number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    language: invoice.language,
    currency,
    minorDigits,
    seller: party(seller),
    buyer: party(invoice.buyer),
    lines: invoice.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity.toString(),
      unitPrice: l.unitPrice.toString(),
      taxRate: l.taxRate.toString(),
    })),
    rounding: invoice.rounding,
    notes: invoice.notes,
    totals: {
      rates: totals.rates.map((r) => ({ rate: r.rate.toString(), net: r.net.toString(), tax: r.tax.toString() })),
      net: totals.net.toString(),
      tax: totals.tax.toString(),
      total: totals.total.toString(),
    },
  }
}

/** The exact text that is hashed, stored and served. */
export const invoiceDocumentText = (document: InvoiceDocument) => JSON.stringify(document)

/** The hash the payee signs: keccak-256 of the document's text as UTF-8. */
export const invoiceDocumentHash = (text: string): Hex => keccak256(stringToBytes(text))

/** The lines of a stored document as integers again. */
export const documentLines = (document: InvoiceDocument): InvoiceLine[] =>
  document.lines.map((l) => ({
    description: l.description,
    quantity: BigInt(l.quantity),
    unitPrice: BigInt(l.unitPrice),
    taxRate: BigInt(l.taxRate),
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
      return stated.rate === r.rate.toString() && stated.net === r.net.toString() && stated.tax === r.tax.toString()
    })
  )
}

type RequestTypedData = {
  domain: { name: string; version: string; chainId: number }
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}

/**
 * The typed data an invoice's payee signs: its request's (token or priced) with the document's hash
 * as a last field, under the name a wallet shows ("Invoice", "PricedInvoice").
 */
export function invoiceTypedData<T extends RequestTypedData>(request: T, documentHash: Hex) {
  const primaryType = request.primaryType === 'PaymentRequest' ? 'Invoice' : 'PricedInvoice'
  return {
    domain: request.domain,
    types: { [primaryType]: [...request.types[request.primaryType]!, { name: 'invoice', type: 'bytes32' }] },
    primaryType,
    message: { ...request.message, invoice: documentHash },
  }
}

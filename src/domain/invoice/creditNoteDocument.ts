import { cumulativeShare } from '../money.ts'
import type { InvoiceDocument } from './invoiceDocument.ts'

/** Why a credit note was issued: a refund recorded from the chain, or the cancellation of an unpaid invoice. */
export type CreditNoteKind = 'refund' | 'cancellation'

/**
 * What a credit note says, as stored, hashed and served: what an EN 16931 credit note (type code 381)
 * needs, with the invoice it corrects (BT-25/BT-26), its parties as that invoice names them, and the
 * amount it takes back split by tax rate; amounts are integer strings in the invoice's minor units.
 */
export type CreditNoteDocument = {
  version: 1
  typeCode: '381'
  kind: CreditNoteKind
  number: string
  issueDate: string
  language: string
  currency: string
  minorDigits: number
  invoice: { number: string; issueDate: string; documentHash: string }
  seller: InvoiceDocument['seller']
  buyer: InvoiceDocument['buyer']
  reason: string
  /** The refund's transfer on chain, for a refund: its token amount in its base units. */
  refund: { chainId: number; txHash: string; amount: string; symbol: string; decimals: number } | null
  totals: { rates: { rate: string; net: string; tax: string }[]; net: string; tax: string; total: string }
}

/**
 * Splits `amount` (minor units) over the invoice's tax rates in proportion to each rate's gross, and
 * each rate's part into net and tax in that rate's proportion on the invoice. `before` is what earlier
 * credit notes of the invoice took back: every split is the cumulative one up to this note's end less
 * that up to its start (rates by prefix, `cumulativeShare`), so notes that together take back the
 * whole invoice add up to its totals exactly, rate by rate, and each note's rates add up to its amount.
 */
export function creditedTotals(invoice: InvoiceDocument, amount: bigint, before = 0n): CreditNoteDocument['totals'] {
  const total = BigInt(invoice.totals.total)
  if (amount <= 0n || before < 0n || before + amount > total)
    throw new RangeError('a credit note takes back more than nothing and at most what is left of its invoice')
  const gross = invoice.totals.rates.map((r) => BigInt(r.net) + BigInt(r.tax))
  const prefix = gross.map((_, i) => gross.slice(0, i + 1).reduce((sum, g) => sum + g, 0n))
  // What the first x minor units taken back of the invoice take back of rate i, gross and tax.
  const grossAt = (i: number, x: bigint) =>
    cumulativeShare({ amount: total, value: prefix[i]! }, 0n, x) -
    (i === 0 ? 0n : cumulativeShare({ amount: total, value: prefix[i - 1]! }, 0n, x))
  const taxAt = (i: number, x: bigint) =>
    gross[i] === 0n
      ? 0n
      : cumulativeShare({ amount: gross[i]!, value: BigInt(invoice.totals.rates[i]!.tax) }, 0n, grossAt(i, x))
  const rates = invoice.totals.rates.map((r, i) => {
    const part = grossAt(i, before + amount) - grossAt(i, before)
    const tax = taxAt(i, before + amount) - taxAt(i, before)
    return { rate: r.rate, net: part - tax, tax }
  })
  const net = rates.reduce((sum, r) => sum + r.net, 0n)
  const tax = rates.reduce((sum, r) => sum + r.tax, 0n)
  return {
    rates: rates.map((r) => ({ rate: r.rate, net: r.net.toString(), tax: r.tax.toString() })),
    net: net.toString(),
    tax: tax.toString(),
    total: (net + tax).toString(),
  }
}

/** The credit note of an invoice: its parties as the invoice names them, the amount split by `creditedTotals`. */
export function creditNoteDocument(
  invoice: InvoiceDocument,
  invoiceHash: string,
  note: {
    kind: CreditNoteKind
    number: string
    issueDate: string
    reason: string
    amount: bigint
    before: bigint
    refund: CreditNoteDocument['refund']
  },
): CreditNoteDocument {
  return {
    version: 1,
    typeCode: '381',
    kind: note.kind,
    number: note.number,
    issueDate: note.issueDate,
    language: invoice.language,
    currency: invoice.currency,
    minorDigits: invoice.minorDigits,
    invoice: { number: invoice.number, issueDate: invoice.issueDate, documentHash: invoiceHash },
    seller: invoice.seller,
    buyer: invoice.buyer,
    reason: note.reason,
    refund: note.refund,
    totals: creditedTotals(invoice, note.amount, note.before),
  }
}

/** The exact text that is hashed, stored and served. */
export const creditNoteDocumentText = (document: CreditNoteDocument) => JSON.stringify(document)

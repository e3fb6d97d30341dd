import { formatUnits } from 'viem'
import type { InvoiceDocumentV2 } from '../../../domain/invoice/invoiceDocument.ts'
import { invoiceTotals } from '../../../domain/invoice/invoiceTotals.ts'
import type { InvoiceParty } from '../../../domain/invoice/invoiceParty.ts'
import { DEFAULT_EXEMPTION_CODE, DEFAULT_EXEMPTION_REASON } from '../../../domain/invoice/taxCategory.ts'
import type { EInvoice, EInvoiceParty, SupportingDocument } from './eInvoice.ts'

/** A payment on chain as the e-invoice proves it (BG-24): its transaction, where to look it up, what it paid. */
export type ChainPayment = {
  chainId: number
  chainName: string
  txHash: string
  blockNumber: bigint
  amount: bigint
  symbol: string
  decimals: number
  /** The chain's block explorer (`https://basescan.org`), when the chain has one. */
  explorerUrl: string | null
}

/** What the e-invoice says beyond the signed document: how it is paid, and what was paid. */
export type EInvoiceContext = {
  /** The payee's address: the seller's identifier (BT-29) and the account paid to (BT-82). */
  payee: string
  chainId: number
  chainName: string
  /** The tokens the payer may pay in. */
  tokens: readonly string[]
  /** The request's pay page. */
  payUrl: string
  /** What was paid, in the document's minor units (the whole total once the request is paid). */
  paidAmount: bigint
  payments: readonly ChainPayment[]
  /** For a credit note (381): the invoice it corrects (BT-25, BT-26). */
  creditNoteOf?: { number: string; issueDate: string }
}

const party = (p: Required<InvoiceParty>, id?: string): EInvoiceParty => ({
  name: p.name,
  addressLines: p.address
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean),
  postcode: p.postcode,
  city: p.city,
  country: p.country,
  vatId: p.vatId,
  taxId: p.taxId,
  email: p.email,
  phone: p.phone,
  ...(id ? { id } : {}),
})

/** A transaction as a supporting document: its hash, the chain, the amount, and the explorer's page for it. */
export function paymentProof(payment: ChainPayment): SupportingDocument {
  return {
    id: payment.txHash,
    description: `Payment of ${formatUnits(payment.amount, payment.decimals)} ${payment.symbol} on ${payment.chainName} (chain id ${payment.chainId}), transaction ${payment.txHash} in block ${payment.blockNumber}`,
    uri: payment.explorerUrl ? `${payment.explorerUrl.replace(/\/+$/, '')}/tx/${payment.txHash}` : '',
  }
}

/**
 * The e-invoice of a version 2 document in EN 16931's terms. Amounts are the signed document's, its
 * totals recomputed from its lines (so a tampered total never reaches the XML); the VAT breakdown
 * groups lines by category and rate, as BR-CO-* and BR-S-08… require.
 */
export function documentEInvoice(document: InvoiceDocumentV2, context: EInvoiceContext): EInvoice {
  const lines = document.lines.map((l) => ({
    quantity: BigInt(l.quantity),
    unitPrice: BigInt(l.unitPrice),
    taxRate: BigInt(l.taxRate),
    taxCategory: l.taxCategory,
  }))
  const totals = invoiceTotals(lines, document.rounding)
  const reason = (category: keyof typeof DEFAULT_EXEMPTION_REASON) =>
    category === 'S' || category === 'Z' ? '' : document.exemptionReason || (DEFAULT_EXEMPTION_REASON[category] ?? '')
  const code = (category: keyof typeof DEFAULT_EXEMPTION_REASON) =>
    category === 'E' ? document.exemptionCode : (DEFAULT_EXEMPTION_CODE[category] ?? '')
  const paid = context.paidAmount > totals.total ? totals.total : context.paidAmount
  return {
    typeCode: context.creditNoteOf ? '381' : '380',
    number: document.number,
    issueDate: document.issueDate,
    dueDate: paid >= totals.total ? '' : document.dueDate,
    currency: document.currency,
    minorDigits: document.minorDigits,
    notes: document.notes ? [document.notes] : [],
    buyerReference: document.buyerReference,
    seller: party(document.seller, context.payee),
    buyer: party(document.buyer),
    deliveryDate: document.deliveryDate,
    periodStart: document.periodStart,
    periodEnd: document.periodEnd,
    paymentTerms: document.paymentTerms,
    paymentMeans: {
      code: 'ZZZ',
      information: `Transfer of ${context.tokens.join(' or ')} on ${context.chainName} (chain id ${context.chainId}) to ${context.payee}, through ${context.payUrl}`,
      reference: document.number,
    },
    ...(context.creditNoteOf ? { precedingInvoice: context.creditNoteOf } : {}),
    lines: document.lines.map((l, i) => ({
      id: String(i + 1),
      name: l.description,
      quantity: BigInt(l.quantity),
      unitPrice: BigInt(l.unitPrice),
      net: totals.lines[i]!.net,
      category: l.taxCategory,
      rate: BigInt(l.taxRate),
    })),
    taxes: totals.rates.map((r) => {
      const category = r.category as keyof typeof DEFAULT_EXEMPTION_REASON
      return {
        category,
        rate: r.rate,
        basis: r.net,
        tax: r.tax,
        exemptionReason: reason(category),
        exemptionCode: code(category),
      }
    }),
    netTotal: totals.net,
    taxTotal: totals.tax,
    grandTotal: totals.total,
    paidAmount: paid,
    supportingDocuments: context.payments.map(paymentProof),
  }
}

import { formatUnits } from 'viem'
import type { CreditNoteDocument } from '../../domain/invoice/creditNoteDocument.ts'
import type { InvoiceDocumentV2 } from '../../domain/invoice/invoiceDocument.ts'
import type { Locale } from '../../domain/locales.ts'
import { EXTRA_PRICE_DECIMALS, QUANTITY_DECIMALS } from '../../domain/invoice/invoiceTotals.ts'
import type { EInvoice } from '../invoices/einvoice/eInvoice.ts'
import { documentEInvoice } from '../invoices/einvoice/documentEInvoice.ts'
import { invoiceLabels } from '../invoices/pdf/invoiceLabels.ts'

/**
 * A credit note in EN 16931's terms (type 381, amounts positive as the norm wants them): one line per
 * tax rate it takes back, with that rate's VAT category and exemption as its invoice states them (the
 * norm needs at least one line), the invoice it corrects (BT-25/26), and its reason as a note. Its
 * amounts are the credit note's own, as signed; a refund is paid, its transfer on chain the proof.
 */
export function creditNoteEInvoice(
  note: CreditNoteDocument,
  invoice: InvoiceDocumentV2,
  context: { payee: string; chainName: (chainId: number) => string; explorerUrl: (chainId: number) => string | null },
): EInvoice {
  const labels = invoiceLabels[note.language as Locale] ?? invoiceLabels.en
  // The note's rates are its invoice's, in the same order (`creditedTotals`); a rate it takes nothing of has no line.
  const rates = note.totals.rates
    .map((r, i) => ({ ...r, category: invoice.totals.rates[i]!.category }))
    .filter((r) => r.net !== '0' || r.tax !== '0')
  const base = documentEInvoice(
    {
      ...invoice,
      number: note.number,
      issueDate: note.issueDate,
      dueDate: '',
      notes: note.reason,
      lines: rates.map((r) => ({
        description: `${labels.forInvoice} ${invoice.number}`,
        quantity: (10n ** BigInt(QUANTITY_DECIMALS)).toString(),
        unitPrice: (BigInt(r.net) * 10n ** BigInt(EXTRA_PRICE_DECIMALS)).toString(),
        taxRate: r.rate,
        taxCategory: r.category,
      })),
    },
    {
      payee: context.payee,
      chainId: note.refund?.chainId ?? 0,
      chainName: '',
      tokens: [],
      payUrl: '',
      paidAmount: 0n,
      payments: [],
      creditNoteOf: { number: note.invoice.number, issueDate: note.invoice.issueDate },
    },
  )
  const total = BigInt(note.totals.total)
  const refund = note.refund
  const refundText = refund
    ? `Refund of ${formatUnits(BigInt(refund.amount), refund.decimals)} ${refund.symbol} on ${context.chainName(refund.chainId)} (chain id ${refund.chainId}), transaction ${refund.txHash}`
    : ''
  const explorer = refund ? context.explorerUrl(refund.chainId) : null
  return {
    ...base,
    // What each rate's tax is was split off the invoice's, not recomputed: the signed note's figures stand.
    taxes: base.taxes.map((t, i) => ({ ...t, tax: BigInt(rates[i]!.tax) })),
    netTotal: BigInt(note.totals.net),
    taxTotal: BigInt(note.totals.tax),
    grandTotal: total,
    paymentTerms: refund
      ? 'Refunded on chain.'
      : `Set off against invoice ${invoice.number}, which this credit note cancels: nothing is to be paid.`,
    paymentMeans: {
      code: 'ZZZ',
      information: refund ? refundText : `Set off against invoice ${invoice.number}`,
      reference: note.number,
    },
    // A refund has been paid back on chain: nothing is left to pay, its transfer the proof.
    paidAmount: refund ? total : 0n,
    supportingDocuments: refund
      ? [
          {
            id: refund.txHash,
            description: refundText,
            uri: explorer ? `${explorer.replace(/\/+$/, '')}/tx/${refund.txHash}` : '',
          },
        ]
      : [],
  }
}

import { stringify } from 'csv-stringify/sync'
import type { FiatCurrency } from '../../../domain/currencies.ts'
import type { InvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import type { BookLine } from '../../../payments/books/bookLines.ts'
import { safeText } from '../safeText.ts'
import { chainNameOf } from '../../../chain/chains.ts'
import { addressLines, invoiceLineFields } from './invoiceLineFields.ts'
import { moneyText } from './moneyText.ts'

/** Xero's bank statement import columns, as its statement template has them (Date and Amount required). */
export const XERO_STATEMENT_COLUMNS = ['Date', 'Amount', 'Payee', 'Description', 'Reference']

/** Xero's sales invoice import columns, as its template has them (the starred ones required). */
export const XERO_INVOICE_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
]

/** Xero's default chart codes sales to account 200. */
const XERO_SALES_ACCOUNT = '200'

/** DD/MM/YYYY, the day-first form of Xero's templates (Xero asks which form a file uses when it could be either). */
const dayFirst = (date: Date) => {
  const [y, m, d] = date.toISOString().slice(0, 10).split('-')
  return `${d}/${m}/${y}`
}
const isoDayFirst = (ymd: string) => dayFirst(new Date(`${ymd}T00:00:00Z`))

const KIND = { payment: 'Payment', refund: 'Refund', fee: 'Relayer fee', payout: 'Payout' } as const

/** A bank line's description: what happened, the token amount, the rate and its source, the chain, the transaction. */
export const lineDescription = (line: BookLine) =>
  `${KIND[line.kind]} ${line.tokenAmount} ${line.symbol}${line.memo ? ` (${line.memo})` : ''}; rate ${line.rateSource}; chain ${chainNameOf(line.chainId)}; tx eip155:${line.chainId}:${line.txHash}`

/**
 * Xero's bank statement CSV of the lines valued in the books' currency: payments in, refunds and
 * relayer fees out (negative), each a line of its own; `skipped` counts lines not valued yet.
 */
export function xeroStatement(lines: readonly BookLine[], currency: FiatCurrency): { text: string; skipped: number } {
  const valued = lines.filter((l) => l.value !== null)
  const text = stringify(
    valued.map((line) => ({
      Date: dayFirst(line.date),
      Amount: moneyText(line.value!, currency.minorDigits),
      Payee: safeText(line.counterparty),
      Description: safeText(lineDescription(line)),
      Reference: safeText(line.document),
    })),
    { header: true, columns: XERO_STATEMENT_COLUMNS, record_delimiter: 'windows' },
  )
  return { text, skipped: lines.length - valued.length }
}

/** Xero's sales invoice CSV: one row per invoice line, net unit prices (import them as tax exclusive). */
export function xeroInvoices(documents: readonly InvoiceDocument[]): string {
  const rows = documents.flatMap((document) => {
    const address = addressLines(document.buyer.address)
    return invoiceLineFields(document).map((line) => ({
      '*ContactName': safeText(document.buyer.name),
      EmailAddress: document.buyer.email,
      POAddressLine1: safeText(address[0] ?? ''),
      POAddressLine2: safeText(address[1] ?? ''),
      POAddressLine3: safeText(address[2] ?? ''),
      POAddressLine4: safeText(address.slice(3).join(', ')),
      '*InvoiceNumber': safeText(document.number),
      Reference: safeText(document.notes.split('\n')[0] ?? ''),
      '*InvoiceDate': isoDayFirst(document.issueDate),
      '*DueDate': isoDayFirst(document.dueDate),
      '*Description': safeText(line.description),
      '*Quantity': line.quantity,
      '*UnitAmount': line.unitPrice,
      '*AccountCode': XERO_SALES_ACCOUNT,
      '*TaxType': line.taxRate,
      Currency: document.currency,
    }))
  })
  return stringify(rows, { header: true, columns: XERO_INVOICE_COLUMNS, record_delimiter: 'windows' })
}

import { stringify } from 'csv-stringify/sync'
import type { FiatCurrency } from '../../../domain/currencies.ts'
import type { InvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import type { BookLine } from '../../../payments/books/bookLines.ts'
import { safeText } from '../safeText.ts'
import { invoiceLineFields } from './invoiceLineFields.ts'
import { moneyText } from './moneyText.ts'
import { lineDescription } from './xeroFiles.ts'

/** QuickBooks Online's three-column bank transactions CSV: the only columns it imports. */
export const QUICKBOOKS_STATEMENT_COLUMNS = ['Date', 'Description', 'Amount']

/** The invoice import columns QuickBooks Online maps by itself (Invoice number, Customer, the dates and Item Amount required). */
export const QUICKBOOKS_INVOICE_COLUMNS = [
  'Invoice number',
  'Customer',
  'Invoice date',
  'Due date',
  'Terms',
  'Service Date',
  'Item (Product/Service)',
  'Item Description',
  'Item Quantity',
  'Item Rate',
  'Item Amount',
  'Item tax code',
  'Memo',
]

/** MM/DD/YYYY, the form of QuickBooks' own examples (its upload asks for the form on import). */
const monthFirst = (date: Date) => {
  const [y, m, d] = date.toISOString().slice(0, 10).split('-')
  return `${m}/${d}/${y}`
}
const isoMonthFirst = (ymd: string) => monthFirst(new Date(`${ymd}T00:00:00Z`))

/**
 * QuickBooks Online's bank CSV of the lines valued in the books' currency; with no payee or reference
 * column, the description carries whom, the document, the token amount, the rate and the transaction.
 */
export function quickBooksStatement(
  lines: readonly BookLine[],
  currency: FiatCurrency,
): { text: string; skipped: number } {
  const valued = lines.filter((l) => l.value !== null)
  const text = stringify(
    valued.map((line) => ({
      Date: monthFirst(line.date),
      Description: safeText(`${line.counterparty} ${line.document}: ${lineDescription(line)}`),
      Amount: moneyText(line.value!, currency.minorDigits),
    })),
    { header: true, columns: QUICKBOOKS_STATEMENT_COLUMNS, record_delimiter: 'windows' },
  )
  return { text, skipped: lines.length - valued.length }
}

/** QuickBooks Online's invoice CSV: one row per invoice line, net amounts (import them as tax exclusive). */
export function quickBooksInvoices(documents: readonly InvoiceDocument[]): string {
  const rows = documents.flatMap((document) =>
    invoiceLineFields(document).map((line) => ({
      'Invoice number': safeText(document.number),
      Customer: safeText(document.buyer.name),
      'Invoice date': isoMonthFirst(document.issueDate),
      'Due date': isoMonthFirst(document.dueDate),
      'Item (Product/Service)': 'Services',
      'Item Description': safeText(line.description),
      'Item Quantity': line.quantity,
      'Item Rate': line.unitPrice,
      'Item Amount': line.net,
      'Item tax code': line.taxRate,
      Memo: safeText(document.notes),
    })),
  )
  return stringify(rows, { header: true, columns: QUICKBOOKS_INVOICE_COLUMNS, record_delimiter: 'windows' })
}

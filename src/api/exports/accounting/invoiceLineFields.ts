import { formatAmount } from '../../../domain/amount.ts'
import { documentLines, type InvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import {
  EXTRA_PRICE_DECIMALS,
  invoiceTotals,
  QUANTITY_DECIMALS,
  TAX_RATE_DECIMALS,
} from '../../../domain/invoice/invoiceTotals.ts'
import { moneyText } from './moneyText.ts'

/**
 * An invoice's lines as the import files take them: quantity, net unit price, the line's net in
 * minor units as the invoice itself rounds it, and the rate as "19%".
 */
export function invoiceLineFields(document: InvoiceDocument) {
  const lines = documentLines(document)
  const totals = invoiceTotals(lines, document.rounding)
  return lines.map((line, i) => ({
    description: line.description,
    quantity: formatAmount(line.quantity, QUANTITY_DECIMALS),
    unitPrice: formatAmount(line.unitPrice, document.minorDigits + EXTRA_PRICE_DECIMALS),
    net: moneyText(totals.lines[i]!.net, document.minorDigits),
    taxRate: `${formatAmount(line.taxRate, TAX_RATE_DECIMALS)}%`,
  }))
}

/** The buyer's address, one line per line of it, for files with address lines. */
export const addressLines = (address: string) =>
  address
    .split(/\r?\n|,\s*/)
    .map((l) => l.trim())
    .filter(Boolean)

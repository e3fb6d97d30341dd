import { enPayer } from './catalogs/enPayer.ts'
import { i18n } from './i18n.ts'

// The stores of the payer's pages (pay page, payment link, receipt), out of the first load.
export const statusText = i18n('status', enPayer.status)
export const summaryText = i18n('summary', enPayer.summary)
export const payText = i18n('pay', enPayer.pay)
export const gaslessText = i18n('gasless', enPayer.gasless)
export const directText = i18n('direct', enPayer.direct)
export const receiptText = i18n('receipt', enPayer.receipt)
export const linkText = i18n('link', enPayer.link)
export const pricedText = i18n('priced', enPayer.priced)
export const invoiceText = i18n('invoice', enPayer.invoice)

import en from '../../i18n/catalogs/payer/en.ts'
import enOnChains from '../../i18n/catalogs/payer/onChains/en.ts'
import { i18n } from './i18n.ts'

// The stores of the payer's pages (pay page, payment link, receipt), out of the first load.
export const statusText = i18n('payer/status', en.status)
export const summaryText = i18n('payer/summary', en.summary)
export const payText = i18n('payer/pay', en.pay)
export const gaslessText = i18n('payer/gasless', en.gasless)
export const gaslessReasonsText = i18n('payer/gaslessReasons', en.gaslessReasons)
export const directText = i18n('payer/direct', en.direct)
export const receiptText = i18n('payer/receipt', en.receipt)
export const linkText = i18n('payer/link', en.link)
export const pricedText = i18n('payer/priced', en.priced)
export const invoiceText = i18n('payer/invoice', en.invoice)
export const onChainsText = i18n('payer/onChains', enOnChains['payer/onChains'])

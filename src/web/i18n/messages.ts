import { en } from './catalogs/en.ts'
import { i18n } from './i18n.ts'

// One store per part of the catalog, each defined once: components read them with useStore.
export const commonText = i18n('common', en.common)
export const statusText = i18n('status', en.status)
export const summaryText = i18n('summary', en.summary)
export const payText = i18n('pay', en.pay)
export const directText = i18n('direct', en.direct)
export const gaslessText = i18n('gasless', en.gasless)
export const receiptText = i18n('receipt', en.receipt)
export const linkText = i18n('link', en.link)
export const connectText = i18n('connect', en.connect)
export const accountText = i18n('account', en.account)
export const walletErrorText = i18n('walletErrors', en.walletErrors)

import en from '../../../i18n/catalogs/payee/invoices/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The invoice screens' words, one store per part, read with useStore.
export const invoiceListText = i18n('payee/invoices/list', en['payee/invoices/list'])
export const invoiceFormText = i18n('payee/invoices/form', en['payee/invoices/form'])
export const buyerText = i18n('payee/invoices/buyer', en['payee/invoices/buyer'])
export const linesText = i18n('payee/invoices/lines', en['payee/invoices/lines'])
export const pricingText = i18n('payee/invoices/pricing', en['payee/invoices/pricing'])
export const sellerText = i18n('payee/invoices/seller', en['payee/invoices/seller'])

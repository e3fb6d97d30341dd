import en from '../../../i18n/catalogs/payee/books/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The books' words, one store per part, read with useStore.
export const reportingCurrencyText = i18n('payee/books/currency', en['payee/books/currency'])
export const statementText = i18n('payee/books/statement', en['payee/books/statement'])
export const accountingExportText = i18n('payee/books/export', en['payee/books/export'])
export const accountingSettingsText = i18n('payee/books/accounting', en['payee/books/accounting'])

import { enShell } from './catalogs/enShell.ts'
import { i18n } from './i18n.ts'

// One store per part of the catalog, each defined once: components read them with useStore.
// The payer's pages' stores are in payerMessages.ts, loaded with those pages.
export const commonText = i18n('common', enShell.common)
export const connectText = i18n('connect', enShell.connect)
export const accountText = i18n('account', enShell.account)
export const walletErrorText = i18n('walletErrors', enShell.walletErrors)

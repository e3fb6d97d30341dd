import en from '../../i18n/catalogs/shell/en.ts'
import { i18n } from './i18n.ts'

// One store per part of the frame's catalog, each defined once: components read them with useStore.
// The payer's pages' stores are in payerMessages.ts, loaded with those pages.
export const appText = i18n('shell/app', en.app)
export const commonText = i18n('shell/common', en.common)
export const connectText = i18n('shell/connect', en.connect)
export const accountText = i18n('shell/account', en.account)
export const walletErrorText = i18n('shell/walletErrors', en.walletErrors)

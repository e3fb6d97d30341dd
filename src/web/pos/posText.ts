import en from '../../i18n/catalogs/payee/pos/en.ts'
import enLink from '../../i18n/catalogs/payer/till/en.ts'
import { i18n } from '../i18n/i18n.ts'

// The point of sale's words, one store per screen, read with useStore.
export const tillsText = i18n('payee/pos/tills', en['payee/pos/tills'])
export const tillText = i18n('payee/pos/till', en['payee/pos/till'])
export const reportText = i18n('payee/pos/report', en['payee/pos/report'])
export const tillLinkText = i18n('payer/till/link', enLink['payer/till/link'])

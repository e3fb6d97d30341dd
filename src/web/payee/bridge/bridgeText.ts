import en from '../../../i18n/catalogs/payee/bridge/en.ts'
import { i18n } from '../../i18n/i18n.ts'

export const bringUsdcText = i18n('payee/bridge/bring', en['payee/bridge/bring'])

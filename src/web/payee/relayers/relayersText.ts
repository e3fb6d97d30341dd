import en from '../../../i18n/catalogs/payee/relayers/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The words of payments without gas, one store per part, read with useStore.
export const relayersPanelText = i18n('payee/relayers/panel', en['payee/relayers/panel'])
export const relayerCardText = i18n('payee/relayers/card', en['payee/relayers/card'])
export const relayerSafetyText = i18n('payee/relayers/safety', en['payee/relayers/safety'])
export const relayerNoticeText = i18n('payee/relayers/notice', en['payee/relayers/notice'])

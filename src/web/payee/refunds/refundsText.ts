import en from '../../../i18n/catalogs/payee/refunds/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The refunds' words, one store per part, read with useStore.
export const refundPanelText = i18n('payee/refunds/panel', en['payee/refunds/panel'])
export const refundDialogText = i18n('payee/refunds/dialog', en['payee/refunds/dialog'])

import en from '../../../i18n/catalogs/payee/payouts/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The payouts' words, one store per part, read with useStore.
export const payoutsPageText = i18n('payee/payouts/page', en['payee/payouts/page'])
export const payoutFormText = i18n('payee/payouts/form', en['payee/payouts/form'])
export const payoutProblemText = i18n('payee/payouts/problems', en['payee/payouts/problems'])
export const payoutText = i18n('payee/payouts/payout', en['payee/payouts/payout'])

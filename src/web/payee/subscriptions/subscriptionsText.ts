import en from '../../../i18n/catalogs/payee/subscriptions/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The plans' and subscribers' words, one store per part, read with useStore.
export const subscriptionsNavText = i18n('payee/subscriptions/nav', en['payee/subscriptions/nav'])
export const plansPageText = i18n('payee/subscriptions/plans', en['payee/subscriptions/plans'])
export const planFormText = i18n('payee/subscriptions/form', en['payee/subscriptions/form'])
export const subscribersPageText = i18n('payee/subscriptions/subscribers', en['payee/subscriptions/subscribers'])

import en from '../../i18n/catalogs/payee/requests/en.ts'
import enCreate from '../../i18n/catalogs/payee/create/en.ts'
import enRequest from '../../i18n/catalogs/payee/request/en.ts'
import enSettings from '../../i18n/catalogs/payee/settings/en.ts'
import enUnmatched from '../../i18n/catalogs/payee/unmatched/en.ts'
import { i18n } from '../i18n/i18n.ts'

// The stores of the payee's start page, request page, settings and transfers without a request, each defined once; components read them with useStore.
export const dashboardText = i18n('payee/requests/dashboard', en.dashboard)
export const totalsText = i18n('payee/requests/totals', en.totals)
export const filtersText = i18n('payee/requests/filters', en.filters)
export const tableText = i18n('payee/requests/table', en.table)
export const chartText = i18n('payee/requests/chart', en.chart)
export const requestPageText = i18n('payee/request/page', enRequest.page)
export const timelineText = i18n('payee/request/timeline', enRequest.timeline)
export const cancelText = i18n('payee/request/cancel', enRequest.cancel)
export const backText = i18n('payee/request/back', enRequest.back)
export const receivedOnChainsText = i18n('payee/request/chains', enRequest.chains)
export const settingsText = i18n('payee/settings/page', enSettings.page)
export const profileText = i18n('payee/settings/profile', enSettings.profile)
export const unmatchedText = i18n('payee/unmatched/page', enUnmatched.page)
export const createText = i18n('payee/create/form', enCreate.form)
export const assignText = i18n('payee/unmatched/assign', enUnmatched.assign)
export const emailText = i18n('payee/settings/email', enSettings.email)
/** What each e-mail notice is, as the payee reads the choice, by its code. */
export const noticesText = i18n('payee/settings/notices', enSettings.notices)

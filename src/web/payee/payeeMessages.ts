import en from '../../i18n/catalogs/payee/requests/en.ts'
import { i18n } from '../i18n/i18n.ts'

// The stores of the payee's start page, each defined once; components read them with useStore.
export const dashboardText = i18n('payee/requests/dashboard', en.dashboard)
export const totalsText = i18n('payee/requests/totals', en.totals)
export const filtersText = i18n('payee/requests/filters', en.filters)
export const tableText = i18n('payee/requests/table', en.table)
export const chartText = i18n('payee/requests/chart', en.chart)

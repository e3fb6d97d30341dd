import en from '../../../i18n/catalogs/payee/schedules/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The recurring requests' words, one store per part, read with useStore.
export const schedulesPageText = i18n('payee/schedules/page', en['payee/schedules/page'])
export const cadenceText = i18n('payee/schedules/cadence', en['payee/schedules/cadence'])
export const scheduleFormText = i18n('payee/schedules/form', en['payee/schedules/form'])

import en from '../../../i18n/catalogs/payee/business/en.ts'
import actionsEn from '../../../i18n/catalogs/payee/business/auditActions/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The business's pages' words, one store per part, read with useStore.
export const teamText = i18n('payee/business/team', en['payee/business/team'])
export const rolesText = i18n('payee/business/roles', en['payee/business/roles'])
export const joinText = i18n('payee/business/join', en['payee/business/join'])
export const pickerText = i18n('payee/business/picker', en['payee/business/picker'])
export const auditText = i18n('payee/business/audit', en['payee/business/audit'])
export const auditActionsText = i18n('payee/business/auditActions', actionsEn['payee/business/auditActions'])
export const roleHintsText = i18n('payee/business/roleHints', en['payee/business/roleHints'])
export const delegateText = i18n('payee/business/delegate', en['payee/business/delegate'])
export const payoutText = i18n('payee/business/payout', en['payee/business/payout'])

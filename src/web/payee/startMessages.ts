import en from '../../i18n/catalogs/payee/start/en.ts'
import { i18n } from '../i18n/i18n.ts'

// The start page's stores: it ships with the first load, so apart from the dashboard's (payeeMessages.ts).
export const startText = i18n('payee/start/start', en.start)
export const signInText = i18n('payee/start/signIn', en.signIn)

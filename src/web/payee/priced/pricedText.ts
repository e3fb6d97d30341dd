import en from '../../../i18n/catalogs/payee/priced/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The priced request's words, one store per part, read with useStore.
export const pricedFormText = i18n('payee/priced/form', en['payee/priced/form'])
export const acceptedTokensText = i18n('payee/priced/tokens', en['payee/priced/tokens'])

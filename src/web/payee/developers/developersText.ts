import en from '../../../i18n/catalogs/payee/developers/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The developers page's words, one store per part, read with useStore.
export const developersPageText = i18n('payee/developers/page', en['payee/developers/page'])
export const apiKeysText = i18n('payee/developers/apiKeys', en['payee/developers/apiKeys'])
export const apiKeysTableText = i18n('payee/developers/apiKeysTable', en['payee/developers/apiKeysTable'])
export const secretText = i18n('payee/developers/secret', en['payee/developers/secret'])
export const linksText = i18n('payee/developers/links', en['payee/developers/links'])
export const linksTableText = i18n('payee/developers/linksTable', en['payee/developers/linksTable'])
export const webhooksText = i18n('payee/developers/webhooks', en['payee/developers/webhooks'])
export const assetChoiceText = i18n('payee/developers/assetChoice', en['payee/developers/assetChoice'])
export const eventsText = i18n('payee/developers/events', en['payee/developers/events'])

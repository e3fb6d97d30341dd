import en from '../../../i18n/catalogs/payer/subscriptions/en.ts'
import { i18n } from '../../i18n/i18n.ts'

// The payer's subscription words: the states and periods (shared with the payee's screens), the plan's page, the subscription's.
export const subscriptionWordsText = i18n('payer/subscriptions/words', en['payer/subscriptions/words'])
export const planLinkText = i18n('payer/subscriptions/plan', en['payer/subscriptions/plan'])
export const subscriptionPageText = i18n('payer/subscriptions/page', en['payer/subscriptions/page'])
export const chargeReasonsText = i18n('payer/subscriptions/reasons', en['payer/subscriptions/reasons'])

type Words = (typeof en)['payer/subscriptions/words']

/** A state or period word by its API name; an unknown one as the API wrote it. */
export const wordOf = (words: Words, key: string): string => (key in words ? words[key as keyof Words] : key)

import type { ChargeReason } from '../../domain/subscription/chargeReason.ts'
import en from '../../i18n/catalogs/payer/subscriptions/en.ts'

const WORDS = en['payer/subscriptions/reasons']

/**
 * A charge's reason as one English sentence for the API, beside its code, as an error's message is
 * beside its code; screens and e-mails say the code in their reader's language instead.
 */
export function reasonSentence(reason: ChargeReason, amounts: { amount: string; cap: string }): string {
  const sentence = WORDS[reason.code].replace(/\{(amount|cap)\}/g, (_, name: 'amount' | 'cap') => amounts[name])
  return reason.params.details ? `${sentence} (${reason.params.details})` : sentence
}

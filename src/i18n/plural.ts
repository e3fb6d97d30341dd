/** A message's forms by plural category; `other` is the one every language has. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

/**
 * The form of a message for `count` in `locale`, as that language counts: French says "0 paiement",
 * English "0 payments", Japanese has one form for every number. A category the catalog lacks reads `other`.
 */
export function plural(locale: string, count: number | bigint, forms: PluralForms): string {
  return forms[new Intl.PluralRules(locale).select(Number(count))] ?? forms.other
}

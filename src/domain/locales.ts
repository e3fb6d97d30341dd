/** The languages the payer's pages speak, each named in itself for the picker. English is the base. */
export const LANGUAGES = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
} as const

export type Locale = keyof typeof LANGUAGES

export const BASE_LOCALE: Locale = 'en'

const supported = Object.keys(LANGUAGES) as Locale[]

/**
 * The first of `requested` (a stored choice, then the browser's languages, best first) that Billfold
 * speaks: an exact tag first ("pt-BR"), else by language ("de-AT" → "de", "pt" → "pt-BR"). Anything
 * else, including tags that are not languages at all, falls through; nothing matched is English.
 */
export function matchLocale(requested: readonly (string | null | undefined)[]): Locale {
  for (const tag of requested) {
    if (!tag) continue
    const exact = supported.find((l) => l.toLowerCase() === tag.toLowerCase())
    if (exact) return exact
    const language = tag.toLowerCase().split(/[-_]/)[0]
    const byLanguage = supported.find((l) => l.toLowerCase().split('-')[0] === language)
    if (byLanguage) return byLanguage
  }
  return BASE_LOCALE
}

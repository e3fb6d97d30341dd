import { createI18n } from '@nanostores/i18n'
import { persistentAtom } from '@nanostores/persistent'
import { computed } from 'nanostores'
import type { Catalog } from './catalogs/en.ts'
import type { MoneyFieldCatalog } from '../../i18n/catalogs/money/en.ts'
import { BASE_LOCALE, matchLocale, type Locale } from '../../domain/locales.ts'

/** The language the payer picked, kept in this browser; unset until they pick one. */
export const chosenLanguage = persistentAtom<string | undefined>('billfold.language', undefined)

/** The language shown: the stored choice if Billfold speaks it, else the browser's languages in order, else English. */
export const locale = computed(chosenLanguage, (chosen) =>
  matchLocale([chosen, ...(typeof navigator === 'undefined' ? [] : navigator.languages)]),
)

// One chunk per language, fetched only when that language is shown; English ships with the code.
const catalogs: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalog }>> = {
  es: () => import('./catalogs/es.ts'),
  de: () => import('./catalogs/de.ts'),
  fr: () => import('./catalogs/fr.ts'),
  'pt-BR': () => import('./catalogs/pt-BR.ts'),
  ja: () => import('./catalogs/ja.ts'),
}

// The money field's sentences, used by payee and payer screens alike, are their own part.
const moneyFieldCatalogs: Record<Exclude<Locale, 'en'>, () => Promise<{ default: MoneyFieldCatalog }>> = {
  es: () => import('../../i18n/catalogs/money/es.ts'),
  de: () => import('../../i18n/catalogs/money/de.ts'),
  fr: () => import('../../i18n/catalogs/money/fr.ts'),
  'pt-BR': () => import('../../i18n/catalogs/money/pt-BR.ts'),
  ja: () => import('../../i18n/catalogs/money/ja.ts'),
}

async function loadCatalog(code: Locale): Promise<Catalog & { moneyField?: MoneyFieldCatalog }> {
  if (code === 'en') return {} as Catalog
  const [catalog, moneyField] = await Promise.all([catalogs[code](), moneyFieldCatalogs[code]()])
  return { ...catalog.default, moneyField: moneyField.default }
}

export const i18n = createI18n(locale, { baseLocale: BASE_LOCALE, get: (code) => loadCatalog(code) as never })

/**
 * Fetches the shown language before the first render, so a German payer never sees English first.
 * A catalog that fails to load leaves the page in English rather than blank.
 */
export async function preloadLanguage(): Promise<void> {
  const code = locale.get()
  if (code === BASE_LOCALE || i18n.cache[code]) return
  try {
    i18n.cache[code] = (await loadCatalog(code)) as never
  } catch {
    // Offline or a stale deploy: English it is.
  }
}

locale.subscribe((code) => {
  if (typeof document !== 'undefined') document.documentElement.lang = code
})

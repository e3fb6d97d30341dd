import { createI18n } from '@nanostores/i18n'
import { persistentAtom } from '@nanostores/persistent'
import { computed } from 'nanostores'
import type { Catalog } from './catalogs/en.ts'
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

// The payee's screens' catalogs, one file per area and language, each merged into its language's catalog.
const payeeCatalogs = import.meta.glob<{ default: object }>('../../i18n/catalogs/payee/*/*.ts')

async function loadCatalog(code: Locale): Promise<Catalog> {
  if (code === 'en') return {} as Catalog
  const payee = Object.entries(payeeCatalogs).filter(([path]) => path.endsWith(`/${code}.ts`))
  const parts = await Promise.all([catalogs[code](), ...payee.map(([, load]) => load())])
  return Object.assign({}, ...parts.map((part) => part.default)) as Catalog
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

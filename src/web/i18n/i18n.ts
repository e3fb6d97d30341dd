import { createI18n } from '@nanostores/i18n'
import { persistentAtom } from '@nanostores/persistent'
import { computed } from 'nanostores'
import { BASE_LOCALE, matchLocale, type Locale } from '../../domain/locales.ts'

/** The language the payer picked, kept in this browser; unset until they pick one. */
export const chosenLanguage = persistentAtom<string | undefined>('billfold.language', undefined)

/** The language shown: the stored choice if Billfold speaks it, else the browser's languages in order, else English. */
export const locale = computed(chosenLanguage, (chosen) =>
  matchLocale([chosen, ...(typeof navigator === 'undefined' ? [] : navigator.languages)]),
)

type Messages = Record<string, Record<string, string>>

// Every translation of the browser's audiences, one chunk per file, fetched only when shown; English
// ships with the code that uses it. A file added under src/i18n/catalogs/ is found with no registration.
const files = import.meta.glob<{ default: Messages }>([
  '../../i18n/catalogs/**/*.ts',
  '!../../i18n/catalogs/**/en.ts',
  '!../../i18n/catalogs/email/**',
  '!../../i18n/catalogs/pdf/**',
  '!../../i18n/catalogs/**/*.test.ts',
])

/** A catalog file: its folder under catalogs/ (`payee/dashboard`), its audience (`payee`) and language. */
const catalogFiles = Object.entries(files).map(([path, load]) => {
  const folder = path.slice('../../i18n/catalogs/'.length, path.lastIndexOf('/'))
  return { folder, audience: folder.split('/')[0]!, code: path.slice(path.lastIndexOf('/') + 1, -'.ts'.length), load }
})

/**
 * The translations of every component of these audiences (a component's name starts with its
 * audience: `shell/common`, `payee/dashboard/totals`), so a payer never fetches the payee's words.
 * A file's keys are component names, whole or relative to its folder (`totals` in payee/dashboard/).
 */
async function loadAudiences(code: Locale, audiences: Iterable<string>): Promise<Messages> {
  const wanted = new Set(audiences)
  const loaded = await Promise.all(
    catalogFiles
      .filter((file) => file.code === code && wanted.has(file.audience))
      .map(async (file) => ({ file, messages: (await file.load()).default })),
  )
  const translations: Messages = {}
  for (const { file, messages } of loaded)
    for (const [name, texts] of Object.entries(messages))
      translations[name.includes('/') ? name : `${file.folder}/${name}`] = texts
  return translations
}

export const i18n = createI18n(locale, {
  baseLocale: BASE_LOCALE,
  get: (code, components) =>
    loadAudiences(
      code as Locale,
      components.map((name) => name.split('/')[0]!),
    ) as never,
})

/**
 * Fetches the shown language of the frame and of this page's audience before the first render, so
 * a German reader never sees English first. The payee's pages show the payer's words too (a
 * request's status, its refunds). A catalog that fails to load leaves the page in English rather
 * than blank.
 */
export async function preloadLanguage(audience: 'payer' | 'payee'): Promise<void> {
  const code = locale.get()
  if (code === BASE_LOCALE) return
  try {
    i18n.cache[code] = {
      ...i18n.cache[code],
      ...(await loadAudiences(code, ['shell', 'errors', 'money', 'payer', ...(audience === 'payee' ? ['payee'] : [])])),
    } as never
  } catch {
    // Offline or a stale deploy: English it is.
  }
}

locale.subscribe((code) => {
  if (typeof document !== 'undefined') document.documentElement.lang = code
})

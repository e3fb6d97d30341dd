import type { Locale } from '../../domain/locales.ts'
import de from '../../i18n/catalogs/email/de.ts'
import en, { type EmailCatalog } from '../../i18n/catalogs/email/en.ts'
import es from '../../i18n/catalogs/email/es.ts'
import fr from '../../i18n/catalogs/email/fr.ts'
import ja from '../../i18n/catalogs/email/ja.ts'
import ptBR from '../../i18n/catalogs/email/pt-BR.ts'

/** Every e-mail in the pay page's six languages; a language Billfold does not speak falls back to English. */
export const emailCatalogs: Record<Locale, EmailCatalog> = { en, es, de, fr, 'pt-BR': ptBR, ja }

export const emailCatalog = (language: string | null | undefined): EmailCatalog =>
  emailCatalogs[(language ?? 'en') as Locale] ?? en

export type { EmailCatalog }

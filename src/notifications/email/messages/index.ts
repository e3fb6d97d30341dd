import type { Locale } from '../../../domain/locales.ts'
import { de } from './de.ts'
import { en, type EmailCatalog } from './en.ts'
import { es } from './es.ts'
import { fr } from './fr.ts'
import { ja } from './ja.ts'
import { ptBR } from './ptBR.ts'

/** Every e-mail in the pay page's six languages; a language Billfold does not speak falls back to English. */
export const emailCatalogs: Record<Locale, EmailCatalog> = { en, es, de, fr, 'pt-BR': ptBR, ja }

export const emailCatalog = (language: string | null | undefined): EmailCatalog =>
  emailCatalogs[(language ?? 'en') as Locale] ?? en

export type { EmailCatalog }

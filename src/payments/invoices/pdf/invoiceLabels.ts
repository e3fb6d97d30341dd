import type { Locale } from '../../../domain/locales.ts'
import de from '../../../i18n/catalogs/pdf/de.ts'
import en, { type PdfCatalog } from '../../../i18n/catalogs/pdf/en.ts'
import es from '../../../i18n/catalogs/pdf/es.ts'
import fr from '../../../i18n/catalogs/pdf/fr.ts'
import ja from '../../../i18n/catalogs/pdf/ja.ts'
import ptBR from '../../../i18n/catalogs/pdf/pt-BR.ts'

/** The words of an invoice's PDF, in the six languages of the pay page. */
export type InvoiceLabels = Omit<PdfCatalog, 'tax' | 'page'> & {
  tax: (rate: string) => string
  page: (page: number, pages: number) => string
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))

const labels = (catalog: PdfCatalog): InvoiceLabels => ({
  ...catalog,
  tax: (rate) => fill(catalog.tax, { rate }),
  page: (page, pages) => fill(catalog.page, { page, pages }),
})

export const invoiceLabels: Record<Locale, InvoiceLabels> = {
  en: labels(en),
  de: labels(de),
  es: labels(es),
  fr: labels(fr),
  'pt-BR': labels(ptBR),
  ja: labels(ja),
}

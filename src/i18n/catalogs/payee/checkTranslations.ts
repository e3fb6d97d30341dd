import { describe, expect, it } from 'vitest'
import { LANGUAGES, type Locale } from '../../../domain/locales.ts'

type Catalog = Record<string, Record<string, string>>

/** Names that are the same in every language: brands, protocols, formats, units. */
const SAME_EVERYWHERE = [
  'Standard Webhooks',
  'Webhooks',
  'Webhook',
  'Billfold',
  'Chainlink',
  'Circle',
  'CCTP',
  'API',
  'REST',
  'URL',
  'HTTP',
  'HTTPS',
  'https',
  'USDC',
  'EURC',
  'ETH',
  'x402',
  'PDF',
  'CSV',
  'PNG',
  'SVG',
  'KB',
  'ms',
  'Status',
  'E-Mail',
  'Link',
  'Links',
  'Memo',
  'Total',
  'Maximum',
  'Minimum',
  'Relayer',
  'Endpoint',
  'Token',
  'Name',
  'Date',
  'Transaction',
  'POST',
  'QR',
  'XRechnung',
  'CII',
  'UBL',
  'VATEX',
  'VAT',
  'Leitweg-ID',
  'DATEV',
  'EXTF',
  'SKR03',
  'SKR04',
  'Xero',
  'QuickBooks Online',
]

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

/** What is left of a message once placeholders, names kept in every language, digits and punctuation are gone. */
function ownWords(text: string): string {
  let left = text.replace(/\{\w+\}/g, ' ')
  for (const name of SAME_EVERYWHERE) left = left.replace(new RegExp(`(?<![\\p{L}])${name}(?![\\p{L}])`, 'gu'), ' ')
  return left.replace(/[^\p{L}]+/gu, ' ').trim()
}

const entries = (catalog: Catalog) =>
  Object.entries(catalog).flatMap(([component, messages]) =>
    Object.entries(messages).map(([key, text]): [string, string] => [`${component}.${key}`, text]),
  )

/**
 * The checks every payee area's catalogs pass: one per language Billfold speaks, each with every
 * English key, the same placeholders, and no message left in English (Japanese: no Latin words at all
 * beyond the names above).
 */
export function checkTranslations(area: string, catalogs: Record<Locale, Catalog>) {
  describe(`${area} catalogs`, () => {
    it('exist for every language offered', () => {
      expect(Object.keys(catalogs).sort()).toEqual(Object.keys(LANGUAGES).sort())
    })

    const base = new Map(entries(catalogs.en))
    for (const [code, catalog] of Object.entries(catalogs).filter(([code]) => code !== 'en'))
      it(`${code} says every English message in its own words, with the same placeholders`, () => {
        const translated = new Map(entries(catalog))
        expect([...translated.keys()].sort()).toEqual([...base.keys()].sort())
        for (const [key, text] of translated) {
          const english = base.get(key)!
          expect(text.trim(), key).not.toBe('')
          expect(placeholders(text), key).toEqual(placeholders(english))
          if (ownWords(english) !== '') expect(text, `${key} is still English`).not.toBe(english)
          if (code === 'ja') expect(ownWords(text), `${key} keeps Latin words`).not.toMatch(/[A-Za-z]{2,}/)
        }
      })
  })
}

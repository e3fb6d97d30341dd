import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../domain/locales.ts'

type Catalog = { [key: string]: string | Catalog }

// Every catalog file of every audience: catalogs/<audience>[/<area>]/<locale>.ts, English the base.
const files = import.meta.glob<{ default: Catalog }>(
  ['./catalogs/**/*.ts', '!./catalogs/**/*.test.ts', '!./catalogs/payee/checkTranslations.ts'],
  {
    eager: true,
  },
)
const folders = new Map<string, Map<string, Catalog>>()
for (const [path, module] of Object.entries(files)) {
  const folder = path.slice('./catalogs/'.length, path.lastIndexOf('/'))
  const code = path.slice(path.lastIndexOf('/') + 1, -'.ts'.length)
  folders.set(folder, (folders.get(folder) ?? new Map()).set(code, module.default))
}

/**
 * Words a translation rightly keeps as English writes them: names of products, units, standards and
 * formats, and the words a language shares with English. Any other text equal to English is left untranslated.
 */
const SAME_IN_EVERY_LANGUAGE = [
  'Billfold',
  'USDC',
  'EURC',
  'ETH',
  'CSV',
  'PDF',
  'API',
  'QR',
  'EIP-712',
  'USD',
  'URL',
  'Webhook',
  'Webhooks',
  'Endpoint',
  'id',
  'US',
  'Letter',
  'XRechnung',
  'CII',
  'UBL',
]
const SHARED_WITH_ENGLISH: Record<string, string[]> = {
  de: ['Status', 'Details', 'Asset', 'Block', 'Wallet', 'Wallets', 'Website', 'optional', 'Link', 'Token'],
  es: ['Total', 'Token'],
  fr: [
    'Date',
    'Total',
    'Description',
    'Notes',
    'Signature',
    'Transaction',
    'Transactions',
    'Page',
    'Pages',
    'confirmation',
    'confirmations',
    'Sessions',
  ],
  'pt-BR': ['Status', 'Total', 'Link', 'Token'],
  ja: [],
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

function entries(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  )
}

/** Whether a text has a word to translate into this language, past placeholders and the words above. */
const hasWords = (text: string, code: string) =>
  text
    .replace(/\{\w+\}/g, ' ')
    .split(/[^\p{L}\d-]+/u)
    .some((word) => /\p{L}/u.test(word) && ![...SAME_IN_EVERY_LANGUAGE, ...SHARED_WITH_ENGLISH[code]!].includes(word))

describe('catalogs', () => {
  it('are found for the frame, the payer, the e-mails and the PDF', () => {
    expect([...folders.keys()]).toEqual(expect.arrayContaining(['shell', 'payer', 'email', 'pdf']))
  })

  for (const [folder, catalogs] of folders) {
    const en = catalogs.get('en')
    it(`${folder}: one file for every language offered, and only those`, () => {
      expect([...catalogs.keys()].sort()).toEqual(Object.keys(LANGUAGES).sort())
    })
    if (!en) continue
    const base = new Map(entries(en))
    for (const [code, catalog] of catalogs) {
      if (code === 'en') continue
      it(`${folder}: ${code} translates every English message with the same placeholders, none left in English`, () => {
        const translated = new Map(entries(catalog))
        expect([...translated.keys()].sort()).toEqual([...base.keys()].sort())
        const untranslated = [...translated].filter(([key, text]) => text === base.get(key) && hasWords(text, code))
        expect(untranslated).toEqual([])
        for (const [key, text] of translated) {
          expect(text.trim(), key).not.toBe('')
          expect(placeholders(text), key).toEqual(placeholders(base.get(key)!))
        }
      })
    }
  }
})

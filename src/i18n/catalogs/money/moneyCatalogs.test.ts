import { describe, expect, it } from 'vitest'
import { AmountError, readAmount, type AmountProblem } from '../../../domain/amount.ts'
import deCatalog from './de.ts'
import enCatalog from './en.ts'
import esCatalog from './es.ts'
import frCatalog from './fr.ts'
import jaCatalog from './ja.ts'
import ptBRCatalog from './pt-BR.ts'

const en = enCatalog.field
const catalogs = {
  en,
  es: esCatalog.field,
  de: deCatalog.field,
  fr: frCatalog.field,
  'pt-BR': ptBRCatalog.field,
  ja: jaCatalog.field,
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

const problemOf = (typed: string, decimals: number, locale: string, symbol?: string): AmountProblem => {
  try {
    readAmount(typed, decimals, locale, symbol)
  } catch (error) {
    if (error instanceof AmountError) return error.problem
    throw error
  }
  throw new Error(`${typed} was read`)
}

describe('the money field’s sentences', () => {
  for (const [code, catalog] of Object.entries(catalogs))
    it(`in ${code}, say every refusal with the English sentence's placeholders, and nothing in English`, () => {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort())
      for (const [key, text] of Object.entries(catalog)) {
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(text), key).toEqual(placeholders(en[key as keyof typeof en]))
        if (code !== 'en') expect(text, key).not.toBe(en[key as keyof typeof en])
      }
    })

  it('have a sentence for every way an amount is refused', () => {
    const refused = [
      problemOf('', 6, 'de'),
      problemOf('1e6', 6, 'de'),
      problemOf('-1', 6, 'de'),
      problemOf('zwölf', 6, 'de'),
      problemOf('1,0000001', 6, 'de'),
      problemOf('1,5', 0, 'de'),
      problemOf('9'.repeat(80), 6, 'de'),
      problemOf('1.000', 6, 'de'),
      problemOf('10.00.0', 6, 'de'),
      problemOf('12 €', 6, 'de', 'USDC'),
    ]
    expect(new Set(refused).size).toBe(refused.length)
    for (const problem of refused) expect(en).toHaveProperty(problem)
  })
})

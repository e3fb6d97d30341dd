import { describe, expect, it } from 'vitest'
import de from './catalogs/de.ts'
import { en } from './catalogs/en.ts'
import es from './catalogs/es.ts'
import fr from './catalogs/fr.ts'
import ja from './catalogs/ja.ts'
import ptBR from './catalogs/pt-BR.ts'
import { LANGUAGES } from '../../domain/locales.ts'

const translations = { es, de, fr, 'pt-BR': ptBR, ja }

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

function entries(catalog: Record<string, Record<string, string>>): [string, string][] {
  return Object.entries(catalog).flatMap(([component, messages]) =>
    Object.entries(messages).map(([key, text]): [string, string] => [`${component}.${key}`, text]),
  )
}

describe('catalogs', () => {
  it('exist for every language offered, and only for those', () => {
    expect(['en', ...Object.keys(translations)].sort()).toEqual(Object.keys(LANGUAGES).sort())
  })

  for (const [code, catalog] of Object.entries(translations))
    it(`${code} translates every English message with the same placeholders`, () => {
      const base = new Map(entries(en))
      const translated = new Map(entries(catalog))
      expect([...translated.keys()].sort()).toEqual([...base.keys()].sort())
      for (const [key, text] of translated) {
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(text), key).toEqual(placeholders(base.get(key)!))
      }
    })
})

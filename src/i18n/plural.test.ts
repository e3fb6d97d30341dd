import { describe, expect, it } from 'vitest'
import developersFr from './catalogs/payee/developers/fr.ts'
import requestsPtBR from './catalogs/payee/requests/pt-BR.ts'
import { plural } from './plural.ts'

const forms = { one: 'one', other: 'other' }
const categories = (locale: string) => [0, 1, 2, 5, 21].map((count) => plural(locale, count, forms))

describe('a message counted in the reader’s language', () => {
  it('in English and German, one is one and every other number, zero included, is other', () => {
    expect(categories('en')).toEqual(['other', 'one', 'other', 'other', 'other'])
    expect(categories('de')).toEqual(['other', 'one', 'other', 'other', 'other'])
  })

  it('in Spanish, one is one and zero is other', () => {
    expect(categories('es')).toEqual(['other', 'one', 'other', 'other', 'other'])
  })

  it('in French and Brazilian Portuguese, zero is one as well', () => {
    expect(categories('fr')).toEqual(['one', 'one', 'other', 'other', 'other'])
    expect(categories('pt-BR')).toEqual(['one', 'one', 'other', 'other', 'other'])
    const links = developersFr['payee/developers/linksTable']
    expect(plural('fr', 0, { one: links.paidOne, other: links.paidOther })).toBe('{count} payée')
    const totals = requestsPtBR.totals
    expect(plural('pt-BR', 0n, { one: totals.onChainPaymentsOne, other: totals.onChainPaymentsOther })).toBe(
      'na {chain}, {count} pagamento',
    )
  })

  it('in Japanese, every number takes the one form there is', () => {
    expect(categories('ja')).toEqual(['other', 'other', 'other', 'other', 'other'])
  })

  it('reads other where the catalog has no form for the category', () => {
    // A million is "many" in French and Spanish.
    expect(plural('fr', 1_000_000, forms)).toBe('other')
    expect(plural('es', 1_000_000, forms)).toBe('other')
  })
})

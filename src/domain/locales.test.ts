import { describe, expect, it } from 'vitest'
import { matchLocale } from './locales.ts'

describe('matchLocale', () => {
  it('takes the first requested language Billfold speaks', () => {
    expect(matchLocale(['de-DE', 'en-US'])).toBe('de')
    expect(matchLocale(['nl-NL', 'fr-CA', 'en'])).toBe('fr')
    expect(matchLocale(['ja'])).toBe('ja')
  })

  it('matches regional variants to the one it has', () => {
    expect(matchLocale(['pt'])).toBe('pt-BR')
    expect(matchLocale(['pt-PT'])).toBe('pt-BR')
    expect(matchLocale(['pt_br'])).toBe('pt-BR')
    expect(matchLocale(['es-419'])).toBe('es')
  })

  it('prefers a stored choice over the browser', () => {
    expect(matchLocale(['ja', 'de-DE'])).toBe('ja')
  })

  it('falls back to English for codes that do not exist or are not languages', () => {
    expect(matchLocale(['English'])).toBe('en')
    expect(matchLocale(['xx-YY', 'zz'])).toBe('en')
    expect(matchLocale(['', null, undefined, '<script>'])).toBe('en')
    expect(matchLocale([])).toBe('en')
  })

  it('skips a stored choice that does not exist in favour of the browser', () => {
    expect(matchLocale(['klingon', 'es-MX'])).toBe('es')
  })
})

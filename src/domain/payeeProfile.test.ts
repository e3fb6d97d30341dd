import { describe, expect, it } from 'vitest'
import { checkPayeeProfile } from './payeeProfile.ts'

const errorsOf = (displayName: string, website = '') => {
  const result = checkPayeeProfile({ displayName, website })
  return result.ok ? {} : result.errors
}

describe('a payee profile', () => {
  it('takes a plain name and an http(s) website', () => {
    expect(checkPayeeProfile({ displayName: '  Acme Café 東京 ', website: 'https://acme.example/shop' })).toEqual({
      ok: true,
      profile: { displayName: 'Acme Café 東京', website: 'https://acme.example/shop' },
    })
    expect(checkPayeeProfile({ displayName: 'Acme', website: '' })).toEqual({
      ok: true,
      profile: { displayName: 'Acme', website: null },
    })
  })

  it('refuses markup, control, bidi and invisible characters and long names, naming the field', () => {
    expect(errorsOf('<b>Acme</b>').displayName).toBe(
      'Display name cannot contain < or >: it is shown as plain text, not markup.',
    )
    expect(errorsOf('Acme\u202Eevil').displayName).toMatch(
      /^Display name cannot contain an invisible or direction-changing character \(U\+202E/,
    )
    expect(errorsOf('Acme\nSignature verified').displayName).toMatch(/^Display name cannot contain a line break/)
    expect(errorsOf('x'.repeat(200)).displayName).toBe('Display name can be at most 60 characters; it has 200.')
    expect(errorsOf('   ').displayName).toBe('Display name is required.')
  })

  it('refuses a website that is not an http(s) address', () => {
    for (const website of [
      'javascript:alert(1)',
      'ftp://acme.example',
      'acme',
      'data:text/html,hi',
      'mailto:anna@acme.example',
    ])
      expect(errorsOf('Acme', website).website, website).toBe(
        'Website must be an http:// or https:// address, e.g. https://example.com.',
      )
    expect(errorsOf('Acme', 'https://user:pw@acme.example').website).toBe(
      'Website cannot contain a user name or password.',
    )
  })

  it('completes a website typed without its scheme to https, and stores a home page as typed', () => {
    const websiteOf = (website: string) => {
      const result = checkPayeeProfile({ displayName: 'Anna', website })
      return result.ok ? result.profile.website : result.errors
    }
    expect(websiteOf('www.anna-design.de')).toBe('https://www.anna-design.de')
    expect(websiteOf(' anna-design.de/portfolio?lang=de ')).toBe('https://anna-design.de/portfolio?lang=de')
    expect(websiteOf('shop.anna-design.de:8443/')).toBe('https://shop.anna-design.de:8443/')
    expect(websiteOf('http://www.anna-design.de')).toBe('http://www.anna-design.de')
    expect(websiteOf('https://www.anna-design.de/')).toBe('https://www.anna-design.de/')
  })
})

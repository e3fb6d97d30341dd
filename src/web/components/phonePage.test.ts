import { describe, expect, it } from 'vitest'
import { phonePageUrl } from './phonePage.tsx'

const page = new URL('http://127.0.0.1:5173/pay/abc?x=1#top')

describe('the page a phone can open', () => {
  it.each([
    'http://127.0.0.1:5173',
    'http://127.8.0.1',
    'http://localhost:5173',
    'http://billfold.localhost',
    'http://[::1]:5173',
    'http://0.0.0.0:5173',
  ])('is none at %s, which leads only to this computer', (origin) => {
    expect(phonePageUrl(new URL('/pay/abc', origin), null)).toBeUndefined()
    expect(phonePageUrl(page, origin)).toBeUndefined()
  })

  it('is the same path at PUBLIC_URL when the server has one, whatever address this page was opened at', () => {
    expect(phonePageUrl(page, 'https://pay.example.com')?.href).toBe('https://pay.example.com/pay/abc?x=1#top')
  })

  it('is this page itself when opened at an address others can reach (a LAN address or a domain)', () => {
    const lan = new URL('http://192.168.1.20:5173/l/xyz')
    expect(phonePageUrl(lan, null)?.href).toBe(lan.href)
    const named = new URL('https://billfold.example.org/')
    expect(phonePageUrl(named, null)?.href).toBe(named.href)
  })
})

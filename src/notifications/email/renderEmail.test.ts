import { describe, expect, it } from 'vitest'
import { asFact, renderEmail } from './renderEmail.ts'

describe('asFact', () => {
  it('defangs web addresses with or without a scheme, so no mail client links them', () => {
    expect(asFact('see www.evil.example now')).toBe('see www[.]evil[.]example now')
    expect(asFact('pay at evil.example.')).toBe('pay at evil[.]example.')
    expect(asFact('pay.evil.co.uk/x?to=1')).toBe('pay[.]evil[.]co[.]uk/x?to=1')
    expect(asFact('https://evil.example/pay')).toBe('https[:]//evil[.]example/pay')
    expect(asFact('WWW.EVIL.EXAMPLE')).toBe('WWW[.]EVIL[.]EXAMPLE')
    expect(asFact('mail me: me@evil.example')).toBe('mail me: me@evil[.]example')
    expect(asFact('my_site.example')).toBe('my_site[.]example')
    expect(asFact('пример.рф and xn--e1afmkfd.xn--p1ai')).toBe('пример[.]рф and xn--e1afmkfd[.]xn--p1ai')
    expect(asFact('..evil.example, 1.5.evil.example, x-1.evil-shop.example')).toBe(
      '..evil[.]example, 1[.]5[.]evil[.]example, x-1[.]evil-shop[.]example',
    )
  })

  it('leaves amounts, abbreviations and ordinary sentences as they are', () => {
    for (const text of [
      'Order 1.5 kg at 1,234.56 EUR',
      'Paid 0.000001 USDC, v2.0.1',
      'e.g. this, i.e. that; Mr. Smith & Sons, No. 5',
      'End of sentence. Next one',
      'Café «Schöne Grüße» 東京',
      '26. November 2026 (UTC)',
      'U.S.A. 3.14 1042.5',
      'お支払いありがとうございます。次回もよろしくお願いします。',
    ])
      expect(asFact(text)).toBe(text)
  })
})

describe('renderEmail', () => {
  it('defangs a host in a memo in the subject, the text and the HTML, where only Billfold’s links are links', () => {
    const email = renderEmail({
      kind: 'paid',
      language: 'en',
      facts: { amount: '1.50', symbol: 'USDC', memo: 'Pay www.evil.example or evil.example' },
      link: 'https://billfold.example/requests/r1',
      audience: 'payee',
      site: 'billfold.example',
      unsubscribeLink: 'https://billfold.example/email/unsubscribe?token=t',
    })
    for (const part of [email.subject, email.text, email.html]) {
      expect(part).toContain('Pay www[.]evil[.]example or evil[.]example')
      expect(part).not.toMatch(/evil\.example/)
    }
    expect(email.text).toContain('for 1.50 USDC is paid')
    expect([...email.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'https://billfold.example/requests/r1',
      'https://billfold.example/email/unsubscribe?token=t',
    ])
  })

  it('lists a receipt’s parts paid on several chains a line each, in the reader’s language, with the total', () => {
    const email = renderEmail({
      kind: 'receipt',
      language: 'de',
      facts: { amount: '6,00', received: '6,00', symbol: 'USDC', payee: 'Alice', memo: 'Zwei Chains' },
      parts: [
        { amount: '2,50', symbol: 'USDC', chain: 'Base', tx: '0xaa' },
        { amount: '3,50', symbol: 'USDC', chain: 'evil.example', tx: '0xbb' },
      ],
      link: 'https://billfold.example/receipts/r1',
      audience: 'payer',
      site: 'billfold.example',
      unsubscribeLink: 'https://billfold.example/email/unsubscribe?token=t',
    })
    expect(email.text.split('\n').slice(0, 5)).toEqual([
      'Ihre Zahlung von 6,00 USDC an Alice für „Zwei Chains“ ist auf der Chain bestätigt, in Teilen:',
      '2,50 USDC auf Base (Transaktion 0xaa)',
      '3,50 USDC auf evil[.]example (Transaktion 0xbb)',
      'Insgesamt: 6,00 USDC. Ihr Beleg:',
      'https://billfold.example/receipts/r1',
    ])
    expect(email.html).toContain('<p>2,50 USDC auf Base (Transaktion 0xaa)</p>')
  })
})

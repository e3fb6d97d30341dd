import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { encodeWindows1252 } from './windows1252.ts'

// Read back by another implementation: Node's TextDecoder reads windows-1252 as Latin-1.
const decode = (bytes: Buffer) => iconv.decode(bytes, 'windows-1252')

describe('Windows-1252', () => {
  it('writes umlauts and the euro sign as one byte each, as Windows reads them back', () => {
    const text = 'Müller & Söhne GmbH – 12 € „Straße“ Œuvre ™'
    const bytes = encodeWindows1252(text)
    expect(bytes.length).toBe([...text].length)
    expect(bytes[1]).toBe(0xfc)
    expect(bytes[text.indexOf('€')]).toBe(0x80)
    expect(decode(bytes)).toBe(text)
  })

  it('round-trips every character the code page holds', () => {
    const all = Buffer.from(
      Array.from({ length: 256 }, (_, i) => i).filter((b) => ![0x81, 0x8d, 0x8f, 0x90, 0x9d].includes(b)),
    )
    const text = decode(all)
    expect(encodeWindows1252(text).equals(all)).toBe(true)
  })

  it('writes a character it cannot hold as a question mark, keeping the rest of the line', () => {
    expect(decode(encodeWindows1252('Café 🍵 東京'))).toBe('Café ? ??')
  })
})

/**
 * The 27 characters Windows-1252 puts at bytes 0x80–0x9F, where Latin-1 has control codes; every
 * other byte is the Unicode code point of the same number. The five unused bytes (0x81, 0x8D, 0x8F,
 * 0x90, 0x9D) map from nothing.
 */
const HIGH: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
}

/** A character Windows-1252 cannot hold (an emoji, a CJK letter) is written as this. */
const MISSING = 0x3f // '?'

/** `text` in Windows-1252, the encoding DATEV reads an EXTF file in. */
export function encodeWindows1252(text: string): Buffer {
  const bytes: number[] = []
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code)
    else bytes.push(HIGH[char] ?? MISSING)
  }
  return Buffer.from(bytes)
}

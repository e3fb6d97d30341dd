import { describe, expect, it } from 'vitest'
import { formatAmount, formatMoney, parseAmount, formatUsd, groupAmount, roundUpSignificant } from './amount.ts'

describe('parseAmount', () => {
  it.each([
    ['25', 6, 25_000_000n],
    ['12.5', 6, 12_500_000n],
    ['0.000001', 6, 1n],
    ['1000000.123456', 6, 1_000_000_123_456n],
    ['007.10', 6, 7_100_000n],
    ['1.5', 18, 1_500_000_000_000_000_000n],
    ['  3 ', 0, 3n],
  ])('parses %s with %i decimals exactly', (input, decimals, expected) => {
    expect(parseAmount(input, decimals)).toBe(expected)
  })

  it.each([
    ['1e6', 'Amount must be written out in full, without an exponent (1000000, not 1e6).'],
    ['-1', 'Amount must be more than zero.'],
    ['0', 'Amount must be more than zero.'],
    ['0.000', 'Amount must be more than zero.'],
    ['0.0000001', 'Amount can have at most 6 decimal places for this asset.'],
    ['1,000', 'Amount must be digits with an optional decimal point and no other separator, such as 1000.50.'],
    ['1 000', 'Amount must be digits with an optional decimal point and no other separator, such as 1000.50.'],
    ['8'.repeat(80), 'Amount is too large.'],
    ['abc', 'Amount must be a number such as 25 or 12.50.'],
    ['1.', 'Amount must be a number such as 25 or 12.50.'],
    ['.5', 'Amount must be a number such as 25 or 12.50.'],
    ['0x10', 'Amount must be a number such as 25 or 12.50.'],
    ['', 'Amount is required.'],
  ])('refuses %j with a sentence that says why', (input, message) => {
    expect(() => parseAmount(input, 6)).toThrow(
      expect.objectContaining({ code: 'AMOUNT_INVALID', shortMessage: message }),
    )
  })

  it('refuses a fraction for an asset without decimals', () => {
    expect(() => parseAmount('1.5', 0)).toThrow('Amount must be a whole number for this asset.')
  })

  it('refuses more than uint256 can hold, and accepts its maximum', () => {
    expect(parseAmount('115792089237316195423570985008687907853269984665640564039457584007913129639935', 0)).toBe(
      2n ** 256n - 1n,
    )
    expect(() =>
      parseAmount('115792089237316195423570985008687907853269984665640564039457584007913129639936', 0),
    ).toThrow('Amount is too large.')
  })
})

describe('formatAmount', () => {
  it('round-trips exactly', () => {
    for (const [text, decimals] of [
      ['12.5', 6],
      ['0.000001', 6],
      ['123456789.123456789123456789', 18],
    ] as const)
      expect(formatAmount(parseAmount(text, decimals), decimals)).toBe(text)
  })
})

describe('amounts for people', () => {
  it('groups the whole part the locale’s way and keeps the fraction exactly', () => {
    expect(groupAmount('2000000', 'en-US')).toBe('2,000,000')
    expect(groupAmount('1234567.000001', 'en-US')).toBe('1,234,567.000001')
    expect(groupAmount('1234567.5', 'de-DE')).toBe('1.234.567,5')
    expect(groupAmount('12.34', 'en-US')).toBe('12.34')
    expect(
      groupAmount('115792089237316195423570985008687907853269984665640564039457584007913129639935', 'en-US'),
    ).toMatch(/^115,792,089,237,316,195,/)
  })

  it('shows a dollar stablecoin in dollars, rounded to the cent without floats', () => {
    expect(formatUsd(12_345_000n, 6, 'en-US')).toBe('$12.35')
    expect(formatUsd(12_344_999n, 6, 'en-US')).toBe('$12.34')
    expect(formatUsd(2_000_000_000_000n, 6, 'en-US')).toBe('$2,000,000.00')
    expect(formatUsd(900_719_925_474_099_300_000_000n, 6, 'en-US')).toBe('$900,719,925,474,099,300.00')
  })

  it('shows a price in its currency the locale’s way, from minor units, every digit kept', () => {
    const eur = { code: 'EUR', minorDigits: 2 }
    expect(formatMoney(150_000n, eur, 'de-DE')).toBe('1.500,00\u00a0€')
    expect(formatMoney(5n, eur, 'en-US')).toBe('€0.05')
    expect(formatMoney(1_500n, { code: 'JPY', minorDigits: 0 }, 'ja-JP')).toBe('￥1,500')
    expect(formatMoney(900_719_925_474_099_312n, { code: 'USD', minorDigits: 2 }, 'en-US')).toBe(
      '$9,007,199,254,740,993.12',
    )
  })
})

describe('estimates', () => {
  it('round up to two significant digits, never down', () => {
    expect(roundUpSignificant(47_196_053_850_555n)).toBe(48_000_000_000_000n)
    expect(roundUpSignificant(47_000_000_000_000n)).toBe(47_000_000_000_000n)
    expect(roundUpSignificant(7n)).toBe(7n)
    expect(roundUpSignificant(0n)).toBe(0n)
  })
})

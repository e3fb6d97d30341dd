import { describe, expect, it } from 'vitest'
import {
  amountConventions,
  delocalizeAmount,
  formatAssetAmount,
  groupAmount,
  parseAmount,
  readAmount,
  roundForReading,
} from './amount.ts'

describe('an amount typed the way the person’s locale writes numbers', () => {
  it.each([
    ['de', '1.000,50', '1000.50'],
    ['de', '1000,50', '1000.50'],
    ['de', '12,5', '12.5'],
    ['de', '12.50', '12.50'],
    ['de', '0.005', '0.005'],
    ['de', '1.500,00', '1500.00'],
    ['de', '1,5', '1.5'],
    ['de', '1,000', '1.000'],
    ['de', '0.500', '0.500'],
    ['de', '1 000,50', '1000.50'],
    ['de', '1\u00a0000,50', '1000.50'],
    ['de', '1’000,50', '1000.50'],
    ['de', '1.234.567,891', '1234567.891'],
    ['fr', '1 000,50', '1000.50'],
    ['fr', '1\u202f000,50', '1000.50'],
    ['fr', '12,50', '12.50'],
    ['es', '2.500,75', '2500.75'],
    ['pt-BR', '1.000,5', '1000.5'],
    ['en-US', '1,000.50', '1000.50'],
    ['en-US', '1,000.00', '1000.00'],
    ['en-US', '1.000', '1.000'],
    ['en-US', '1,000,000', '1000000'],
    ['es', '12,50', '12.50'],
    ['es', '1.000.000', '1000000'],
    ['pt-BR', '12,50', '12.50'],
    ['pt-BR', '1.234.567,89', '1234567.89'],
    ['ja', '12.50', '12.50'],
    ['ja', '1,5', '1.5'],
    ['en-US', '12.50', '12.50'],
    ['en-US', '12,5', '12.5'],
    ['ja', '1,000.5', '1000.5'],
    ['de-CH', "1'000.50", '1000.50'],
    ['en-US', '25', '25'],
  ])('in %s, %j reads %j', (locale, typed, decimal) => {
    expect(delocalizeAmount(typed, locale)).toBe(decimal)
    expect(parseAmount(delocalizeAmount(typed, locale), 6)).toBeGreaterThan(0n)
  })

  it.each([
    ['de', '1,000.000,5', 'has a separator in the wrong place: write it as 1000,50 or 1.000,50.'],
    ['de', '10.00.0', 'has a separator in the wrong place: write it as 1000,50 or 1.000,50.'],
    ['en-US', '1,00,000', 'has a separator in the wrong place: write it as 1000.50 or 1,000.50.'],
  ])('in %s, refuses %j naming the locale’s way', (locale, typed, problem) => {
    expect(() => delocalizeAmount(typed, locale)).toThrow(
      expect.objectContaining({ code: 'AMOUNT_INVALID', shortMessage: `Amount ${problem}` }),
    )
  })

  // A lone separator before three digits that is not the locale's decimal mark could group a
  // thousand or be a decimal pasted from elsewhere: "1.000" is never quietly taken for 1.00.
  it.each([
    ['de', '1.000', '1000', '1,000'],
    ['de', '12.500', '12500', '12,500'],
    ['es', '1.000', '1000', '1,000'],
    ['pt-BR', '2.500', '2500', '2,500'],
    ['fr', '1.500', '1500', '1,500'],
    ['en-US', '1,000', '1000', '1.000'],
    ['ja', '1,000', '1000', '1.000'],
  ])('in %s, refuses the ambiguous %j with both readings', (locale, typed, large, small) => {
    expect(() => delocalizeAmount(typed, locale)).toThrow(
      expect.objectContaining({
        code: 'AMOUNT_INVALID',
        problem: 'ambiguous',
        values: { typed, large, small },
        shortMessage: `Amount could mean ${large} or ${small}: type ${large} or ${small}.`,
      }),
    )
  })

  it.each([
    ['de', '12,50 €', 'EURC', '12.50'],
    ['de', '€12,50', 'EUR', '12.50'],
    ['de', 'EUR 1.000,50', 'EURC', '1000.50'],
    ['en-US', '$12.50', 'USDC', '12.50'],
    ['en-US', '12.50 USDC', 'USDC', '12.50'],
    ['en-US', '12.50 usdc', 'USDC', '12.50'],
    ['fr', '1\u202f000,50\u00a0€', 'EUR', '1000.50'],
    ['ja', '￥1,500.00', 'JPY', '1500.00'],
    ['en-US', '0.5 ETH', 'ETH', '0.5'],
    ['en-US', '$ 3', 'DAI', '3'],
  ])('in %s, reads %j pasted with its sign or code in a %s field', (locale, typed, symbol, decimal) => {
    expect(delocalizeAmount(typed, locale, symbol)).toBe(decimal)
  })

  it('refuses a sign or code of another asset than the field’s, naming both', () => {
    expect(() => delocalizeAmount('12,50 €', 'de', 'USDC')).toThrow(
      expect.objectContaining({ problem: 'otherAsset', values: { label: '€', symbol: 'USDC' } }),
    )
    expect(() => delocalizeAmount('ETH 1', 'en-US', 'USDC')).toThrow(
      expect.objectContaining({ problem: 'otherAsset', values: { label: 'ETH', symbol: 'USDC' } }),
    )
  })

  it('gives each refusal its own problem code and the values its sentence needs', () => {
    const refusal = (typed: string, decimals = 6, locale = 'de') => {
      try {
        readAmount(typed, decimals, locale)
      } catch (error) {
        return error
      }
    }
    expect(refusal('')).toMatchObject({ problem: 'required' })
    expect(refusal('1e6')).toMatchObject({ problem: 'exponent' })
    expect(refusal('-1')).toMatchObject({ problem: 'notPositive' })
    expect(refusal('0,00')).toMatchObject({ problem: 'notPositive' })
    expect(refusal('zwölf')).toMatchObject({ problem: 'notNumber' })
    expect(refusal('1,0000001')).toMatchObject({ problem: 'tooManyDecimals', values: { decimals: '6' } })
    expect(refusal('1,5', 0)).toMatchObject({ problem: 'wholeNumber' })
    expect(refusal('9'.repeat(80))).toMatchObject({ problem: 'tooLarge' })
    expect(refusal('10.00.0')).toMatchObject({
      problem: 'misplacedSeparator',
      values: { plain: '1000,50', example: '1.000,50' },
    })
    expect(readAmount('1.000,50', 6, 'de')).toEqual({ decimal: '1000.50', value: 1_000_500_000n })
  })

  it('leaves what is no number to parseAmount to explain', () => {
    expect(delocalizeAmount(' 1e6 ', 'de')).toBe('1e6')
    expect(delocalizeAmount('abc', 'de')).toBe('abc')
  })

  it('knows each locale’s way of writing one thousand and a half', () => {
    expect(amountConventions('de')).toMatchObject({ decimal: ',', group: '.', example: '1.000,50' })
    expect(amountConventions('en-US')).toMatchObject({ decimal: '.', group: ',', example: '1,000.50' })
  })
})

describe('an amount shown as the payee typed it', () => {
  it('keeps a currency token’s cents and leaves other assets’ digits alone', () => {
    expect(groupAmount('12.5', 'en-US', 'USDC')).toBe('12.50')
    expect(groupAmount('12', 'de', 'EURC')).toBe('12,00')
    expect(groupAmount('0.000001', 'en-US', 'USDC')).toBe('0.000001')
    expect(groupAmount('12.5', 'en-US', 'ETH')).toBe('12.5')
    expect(groupAmount('1234.5', 'de')).toBe('1.234,5')
  })
})

describe('an amount shown with its unit', () => {
  it('shows a currency with its minor unit the locale’s way, and a token with its unit', () => {
    expect(formatAssetAmount('49.9', 'EUR', 'de')).toBe('49,90\u00a0€')
    expect(formatAssetAmount('150', 'EUR', 'en-US')).toBe('€150.00')
    expect(formatAssetAmount('1500', 'JPY', 'ja')).toBe('￥1,500')
    expect(formatAssetAmount('0.125', 'EUR', 'en-US')).toBe('€0.125')
    expect(formatAssetAmount('12.5', 'USDC', 'en-US')).toBe('12.50 USDC')
    expect(formatAssetAmount('12.5', 'USDC', 'de')).toBe('12,50 USDC')
    expect(formatAssetAmount('0.0125', 'ETH', 'de')).toBe('0,0125 ETH')
    expect(groupAmount('150', 'en-US', 'EUR')).toBe('150.00')
  })

  it('rounds a balance for reading, never above what is held, and keeps every digit for a tap away', () => {
    expect(roundForReading(9_999_999_965_358_066_294_220n, 18, 'en-US', 'ETH')).toEqual({
      text: '9,999.9999',
      exact: '9,999.99996535806629422',
      isExact: false,
    })
    expect(roundForReading(1_234_567_890_000_000_000n, 18, 'de', 'ETH').text).toBe('1,2345')
    expect(roundForReading(999_999_999_999_999_999n, 18, 'en-US', 'ETH').text).toBe('0.9999')
    expect(roundForReading(19_999n, 18, 'en-US', 'ETH').text).toBe('0.000000000000019')
    expect(roundForReading(1_000_000_000n, 6, 'de', 'USDC')).toEqual({
      text: '1.000,00',
      exact: '1.000,00',
      isExact: true,
    })
    expect(roundForReading(12_300_000_000_000n, 18, 'en-US', 'ETH').text).toBe('0.000012')
    expect(roundForReading(12_500_000n, 6, 'en-US', 'USDC')).toEqual({ text: '12.50', exact: '12.50', isExact: true })
  })
})

import { describe, expect, it } from 'vitest'
import { amountConventions, delocalizeAmount, groupAmount, parseAmount } from './amount.ts'

describe('an amount typed the way the person’s locale writes numbers', () => {
  it.each([
    ['de', '1.000,50', '1000.50'],
    ['de', '1000,50', '1000.50'],
    ['de', '12,5', '12.5'],
    ['de', '12.50', '12.50'],
    ['de', '0.005', '0.005'],
    ['de', '1.500', '1500'],
    ['de', '1.234.567,891', '1234567.891'],
    ['fr', '1 000,50', '1000.50'],
    ['fr', '1\u202f000,50', '1000.50'],
    ['fr', '12,50', '12.50'],
    ['es', '2.500,75', '2500.75'],
    ['pt-BR', '1.000,5', '1000.5'],
    ['en-US', '1,000.50', '1000.50'],
    ['en-US', '1,000', '1000'],
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
    // In French a point is neither the decimal nor the grouping: 1.500 could be one and a half or fifteen hundred.
    ['fr', '1.500', 'has a separator in the wrong place: write it as 1000,50 or 1\u202f000,50.'],
  ])('in %s, refuses %j naming the locale’s way', (locale, typed, problem) => {
    expect(() => delocalizeAmount(typed, locale)).toThrow(
      expect.objectContaining({ code: 'AMOUNT_INVALID', shortMessage: `Amount ${problem}` }),
    )
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

import { describe, expect, it } from 'vitest'
import { fiatCurrency } from './currencies.ts'
import { feeValueMinor } from './feeValue.ts'

const ethUsd = { answer: 3000_00000000n, decimals: 8 }
const fee = 48_000_000_000_000n // 0.000048 ETH = $0.144

describe('a network fee in the payer’s currency', () => {
  it('goes through ETH/USD, then the currency’s USD feed, rounded up to its minor unit', () => {
    expect(feeValueMinor(fee, ethUsd, undefined, fiatCurrency('USD')!)).toBe(15n)
    // $0.144 at 1.08 USD per EUR is €0.1333…
    expect(feeValueMinor(fee, ethUsd, { answer: 1_08000000n, decimals: 8 }, fiatCurrency('EUR')!)).toBe(14n)
    // Yen have no minor unit: ¥21.6 at 150 yen per dollar, shown as ¥22.
    expect(feeValueMinor(fee, ethUsd, { answer: 666_667n, decimals: 8 }, fiatCurrency('JPY')!)).toBe(22n)
    // A fee of a single wei is still at least one cent, never "0.00".
    expect(feeValueMinor(1n, ethUsd, undefined, fiatCurrency('USD')!)).toBe(1n)
  })

  it('is not given when a feed answers zero or less', () => {
    expect(feeValueMinor(fee, { ...ethUsd, answer: 0n }, undefined, fiatCurrency('USD')!)).toBeUndefined()
    expect(feeValueMinor(fee, ethUsd, { answer: -1n, decimals: 8 }, fiatCurrency('EUR')!)).toBeUndefined()
  })
})

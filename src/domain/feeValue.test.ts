import { describe, expect, it } from 'vitest'
import { fiatCurrency } from './currencies.ts'
import { feeValueMinor } from './feeValue.ts'

const now = 1_800_000_000n
const fresh = { decimals: 8, updatedAt: now - 60n, heartbeatSeconds: 3600 }
const ethUsd = { ...fresh, answer: 3000_00000000n }
const fee = 48_000_000_000_000n // 0.000048 ETH = $0.144

describe('a network fee in the payer’s currency', () => {
  it('goes through ETH/USD, then the currency’s USD feed, rounded up to its minor unit', () => {
    expect(feeValueMinor(fee, ethUsd, undefined, fiatCurrency('USD')!, now)).toBe(15n)
    // $0.144 at 1.08 USD per EUR is €0.1333…
    expect(feeValueMinor(fee, ethUsd, { ...fresh, answer: 1_08000000n }, fiatCurrency('EUR')!, now)).toBe(14n)
    // Yen have no minor unit: ¥21.6 at 150 yen per dollar, shown as ¥22.
    expect(feeValueMinor(fee, ethUsd, { ...fresh, answer: 666_667n }, fiatCurrency('JPY')!, now)).toBe(22n)
    // A fee of a single wei is still at least one cent, never "0.00".
    expect(feeValueMinor(1n, ethUsd, undefined, fiatCurrency('USD')!, now)).toBe(1n)
  })

  it('is not given when a feed answers zero or less, or has not updated within its heartbeat', () => {
    const stopped = { ...fresh, answer: 1_08000000n, updatedAt: now - 3601n }
    expect(feeValueMinor(fee, ethUsd, stopped, fiatCurrency('EUR')!, now)).toBeUndefined()
    expect(
      feeValueMinor(fee, { ...ethUsd, updatedAt: now - 3601n }, undefined, fiatCurrency('USD')!, now),
    ).toBeUndefined()
    expect(feeValueMinor(fee, { ...ethUsd, answer: 0n }, undefined, fiatCurrency('USD')!, now)).toBeUndefined()
    expect(feeValueMinor(fee, ethUsd, { ...fresh, answer: -1n }, fiatCurrency('EUR')!, now)).toBeUndefined()
  })
})

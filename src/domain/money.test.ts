import fc from 'fast-check'
import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { fiatCurrency } from './currencies.ts'
import {
  allocateValue,
  ONE_USD,
  priceForTokenAmount,
  quoteRate,
  runningValues,
  sumAmounts,
  tipFor,
  tokenAmountForPrice,
  valueOf,
  type Rate,
  type UsdRate,
} from './money.ts'

const EUR = fiatCurrency('EUR')!
const JPY = fiatCurrency('JPY')!
const USD = fiatCurrency('USD')!
const rate = (answer: bigint): UsdRate => ({ answer, decimals: 8 })

describe('tokenAmountForPrice', () => {
  it('prices 1,500.00 EUR in USDC, EURC and ETH at the feeds’ rates', () => {
    const eur = rate(1_07520000n)
    const usdc = tokenAmountForPrice({
      priceMinor: 150000n,
      currency: EUR,
      currencyUsd: eur,
      tokenUsd: rate(1_00000000n),
      tokenDecimals: 6,
    })
    expect(formatUnits(usdc, 6)).toBe('1612.8')
    const eurc = tokenAmountForPrice({
      priceMinor: 150000n,
      currency: EUR,
      currencyUsd: eur,
      tokenUsd: rate(1_07500000n),
      tokenDecimals: 6,
    })
    // 1,612.80 / 1.075 = 1,500.2790697…: rounded up to the next unit.
    expect(formatUnits(eurc, 6)).toBe('1500.27907')
    const eth = tokenAmountForPrice({
      priceMinor: 150000n,
      currency: EUR,
      currencyUsd: eur,
      tokenUsd: rate(3_000_00000000n),
      tokenDecimals: 18,
    })
    expect(formatUnits(eth, 18)).toBe('0.5376')
  })

  it('prices yen, which has no minor unit, and USD, which needs no feed', () => {
    const jpy = tokenAmountForPrice({
      priceMinor: 10_000n,
      currency: JPY,
      currencyUsd: rate(660000n),
      tokenUsd: rate(1_00000000n),
      tokenDecimals: 6,
    })
    expect(formatUnits(jpy, 6)).toBe('66')
    const usd = tokenAmountForPrice({
      priceMinor: 1999n,
      currency: USD,
      currencyUsd: ONE_USD,
      tokenUsd: rate(99_990000n),
      tokenDecimals: 6,
    })
    // 19.99 / 0.9999 = 19.991999199…
    expect(formatUnits(usd, 6)).toBe('19.992')
  })

  it('gives the least amount worth the price: one unit less is worth less', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.constantFrom(0, 2),
        fc.constantFrom(0, 6, 8, 18),
        (priceMinor, currencyAnswer, tokenAnswer, minorDigits, tokenDecimals) => {
          const currency = { code: 'X', minorDigits }
          const currencyUsd = rate(currencyAnswer)
          const tokenUsd = rate(tokenAnswer)
          const amount = tokenAmountForPrice({ priceMinor, currency, currencyUsd, tokenUsd, tokenDecimals })
          // value(n) ≥ price, compared exactly: n · token · 10^(minor+8) against price · currency · 10^(8+decimals)
          const worth = (n: bigint) => n * tokenAnswer * 10n ** BigInt(minorDigits + 8)
          const price = priceMinor * currencyAnswer * 10n ** BigInt(8 + tokenDecimals)
          expect(worth(amount) >= price).toBe(true)
          expect(worth(amount - 1n) < price).toBe(true)
          const counted = priceForTokenAmount({ tokenAmount: amount, currency, currencyUsd, tokenUsd, tokenDecimals })
          expect(counted >= priceMinor).toBe(true)
        },
      ),
    )
  })

  it('refuses a price or a rate of 0', () => {
    const base = { currency: EUR, currencyUsd: rate(1n), tokenUsd: rate(1n), tokenDecimals: 6 }
    expect(() => tokenAmountForPrice({ ...base, priceMinor: 0n })).toThrow(/above 0/)
    expect(() => tokenAmountForPrice({ ...base, priceMinor: 1n, tokenUsd: rate(0n) })).toThrow(/above 0/)
  })
})

const anyRate = fc.record({
  perUnit: fc.bigInt({ min: 1n, max: 10n ** 20n }),
  units: fc.bigInt({ min: 1n, max: 10n ** 26n }),
}) satisfies fc.Arbitrary<Rate>

describe('runningValues', () => {
  it('counts a quote paid in two transfers, the amount less 1 unit then 1 unit, at the full price', () => {
    const rate = quoteRate({ price: 1000n, amount: 10_751_100n })
    // Valued one by one, each rounded down: 999 + 0 cents.
    expect(valueOf(10_751_099n, rate) + valueOf(1n, rate)).toBe(999n)
    expect(runningValues([10_751_099n, 1n].map((amount) => ({ amount, rate })))).toEqual([999n, 1n])
  })

  it('gives parts that add up, at every step, to their running total rounded once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.bigInt({ min: 0n, max: 10n ** 24n }), rate: anyRate }), { maxLength: 12 }),
        (parts) => {
          const values = runningValues(parts)
          let numerator = 0n
          let denominator = 1n
          parts.forEach(({ amount, rate }, i) => {
            numerator = numerator * rate.units + amount * rate.perUnit * denominator
            denominator *= rate.units
            expect(values.slice(0, i + 1).reduce((a, b) => a + b, 0n)).toBe(numerator / denominator)
            expect(values[i]! >= 0n).toBe(true)
          })
        },
      ),
    )
  })

  it('is the payment’s own value, rounded down, for a single payment', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), anyRate, (amount, rate) => {
        expect(runningValues([{ amount, rate }])).toEqual([valueOf(amount, rate)])
      }),
    )
  })
})

describe('allocateValue', () => {
  it('values a payment refunded in three parts so that they net to nothing', () => {
    // 10.00 USDC valued 9.33 EUR, refunded 3.33 + 3.33 + 3.34: rounded one by one they come to 9.31.
    const whole = { amount: 10_000_000n, value: 933n }
    expect(allocateValue(whole, [3_330_000n, 3_330_000n, 3_340_000n])).toEqual([310n, 311n, 312n])
  })

  it('gives parts of a whole that add up to its value when they add up to its amount, each its share rounded the same way', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 24n }), { minLength: 1, maxLength: 10 }),
        (value, parts) => {
          const amount = parts.reduce((a, b) => a + b, 0n)
          const shares = allocateValue({ amount, value }, parts)
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(value)
          let sofar = 0n
          shares.forEach((share, i) => {
            sofar += parts[i]!
            expect(share >= 0n).toBe(true)
            // Each share is its own part's value give or take the one minor unit rounding moves.
            const own = (parts[i]! * value) / amount
            expect(share - own >= 0n && share - own <= 1n).toBe(true)
          })
          expect(sofar).toBe(amount)
        },
      ),
    )
  })

  it('never lets part of a whole carry more than the whole', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { maxLength: 10 }),
        (amount, value, parts) => {
          fc.pre(parts.reduce((a, b) => a + b, 0n) <= amount)
          expect(allocateValue({ amount, value }, parts).reduce((a, b) => a + b, 0n) <= value).toBe(true)
        },
      ),
    )
  })
})

describe('a till’s tips and sums', () => {
  it('takes a tip in basis points rounded down to the unit, and adds amounts exactly', () => {
    expect(tipFor(1250n, 1000)).toBe(125n)
    expect(tipFor(999n, 1250)).toBe(124n)
    expect(sumAmounts([12_500_000n, 12_500_001n, 1n])).toBe(25_000_002n)
    expect(sumAmounts([])).toBe(0n)
  })
})

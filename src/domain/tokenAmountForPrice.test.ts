import fc from 'fast-check'
import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { fiatCurrency } from './currencies.ts'
import { ONE_USD, priceForTokenAmount, tokenAmountForPrice, type UsdRate } from './tokenAmountForPrice.ts'

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

import type { FiatCurrency } from './currencies.ts'

/** A USD rate as a feed gives it: `answer / 10^decimals` USD for one unit. */
export type UsdRate = { answer: bigint; decimals: number }

/** USD in USD: no feed needed. */
export const ONE_USD: UsdRate = { answer: 1n, decimals: 0 }

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b

/**
 * The token amount, in its base units, worth `priceMinor` minor units of `currency`: the price in
 * USD at the currency's rate, divided by the token's USD rate, rounded up to the token's unit so
 * that a payer who pays the quote never pays less than the price. Integers only, one division.
 */
export function tokenAmountForPrice({
  priceMinor,
  currency,
  currencyUsd,
  tokenUsd,
  tokenDecimals,
}: {
  priceMinor: bigint
  currency: FiatCurrency
  currencyUsd: UsdRate
  tokenUsd: UsdRate
  tokenDecimals: number
}): bigint {
  if (priceMinor <= 0n) throw new RangeError('a price must be above 0')
  if (currencyUsd.answer <= 0n || tokenUsd.answer <= 0n) throw new RangeError('a rate must be above 0')
  const numerator = priceMinor * currencyUsd.answer * 10n ** BigInt(tokenUsd.decimals + tokenDecimals)
  const denominator = tokenUsd.answer * 10n ** BigInt(currency.minorDigits + currencyUsd.decimals)
  return ceilDiv(numerator, denominator)
}

/**
 * What `tokenAmount` base units are worth in `currency`'s minor units at these rates, rounded down
 * (what a payment counts for against a price is never more than it brought).
 */
export function priceForTokenAmount({
  tokenAmount,
  currency,
  currencyUsd,
  tokenUsd,
  tokenDecimals,
}: {
  tokenAmount: bigint
  currency: FiatCurrency
  currencyUsd: UsdRate
  tokenUsd: UsdRate
  tokenDecimals: number
}): bigint {
  const numerator = tokenAmount * tokenUsd.answer * 10n ** BigInt(currency.minorDigits + currencyUsd.decimals)
  const denominator = currencyUsd.answer * 10n ** BigInt(tokenUsd.decimals + tokenDecimals)
  return numerator / denominator
}

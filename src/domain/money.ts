import type { FiatCurrency } from './currencies.ts'

/**
 * Money arithmetic, in one place: valuing token amounts at a rate, rounding once, and dividing a
 * whole into parts that add up to it. Integers only: a value is carried exactly as a fraction and
 * rounded down to the currency's minor unit at the end, never slice by slice.
 */

/** A USD rate as a feed gives it: `answer / 10^decimals` USD for one unit. */
export type UsdRate = { answer: bigint; decimals: number }

/** USD in USD: no feed needed. */
export const ONE_USD: UsdRate = { answer: 1n, decimals: 0 }

/** Minor units of a currency per base unit of a token, exactly: `perUnit / units`. Both above 0. */
export type Rate = { perUnit: bigint; units: bigint }

/** An exact value in minor units: `numerator / denominator`, the denominator above 0. */
export type ExactValue = { numerator: bigint; denominator: bigint }

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b

/** The rate of a token in a currency from the two feeds' USD rates (the token's, the currency's). */
export function feedRate({
  currency,
  currencyUsd,
  tokenUsd,
  tokenDecimals,
}: {
  currency: FiatCurrency
  currencyUsd: UsdRate
  tokenUsd: UsdRate
  tokenDecimals: number
}): Rate {
  if (currencyUsd.answer <= 0n || tokenUsd.answer <= 0n) throw new RangeError('a rate must be above 0')
  return {
    perUnit: tokenUsd.answer * 10n ** BigInt(currency.minorDigits + currencyUsd.decimals),
    units: currencyUsd.answer * 10n ** BigInt(tokenUsd.decimals + tokenDecimals),
  }
}

/** A quote's own rate: its token amount is worth its price exactly. */
export function quoteRate({ price, amount }: { price: bigint; amount: bigint }): Rate {
  if (price <= 0n || amount <= 0n) throw new RangeError('a quote must be above 0')
  return { perUnit: price, units: amount }
}

/** What `amount` base units are worth at `rate`, exactly. */
export const exactValue = (amount: bigint, rate: Rate): ExactValue => ({
  numerator: amount * rate.perUnit,
  denominator: rate.units,
})

/** The sum of exact values, still exact. */
export function addExact(a: ExactValue, b: ExactValue): ExactValue {
  if (a.denominator === b.denominator) return { numerator: a.numerator + b.numerator, denominator: a.denominator }
  return {
    numerator: a.numerator * b.denominator + b.numerator * a.denominator,
    denominator: a.denominator * b.denominator,
  }
}

/** An exact value rounded down to whole minor units: what it counts for is never more than it brought. */
export const roundDown = (value: ExactValue): bigint => value.numerator / value.denominator

/** What `amount` base units are worth at `rate`, rounded down to the minor unit. */
export const valueOf = (amount: bigint, rate: Rate): bigint => roundDown(exactValue(amount, rate))

/**
 * The token amount worth `price` minor units at `rate`, rounded up to the token's unit, so that a
 * payer who pays it never pays less than the price.
 */
export function amountFor(price: bigint, rate: Rate): bigint {
  if (price <= 0n) throw new RangeError('a price must be above 0')
  return ceilDiv(price * rate.units, rate.perUnit)
}

/** `numerator / denominator` of `whole`, rounded down (a tolerance in basis points of a price). */
export function portion(whole: bigint, numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('a denominator must be above 0')
  return (whole * numerator) / denominator
}

/**
 * The values of payments received one after another, each at its own rate, such that the values of
 * the first n always add up to the value of their total rounded once: each is the rounded running
 * total less the rounded running total before it. Payments must be in the order they were received.
 */
export function runningValues(parts: readonly { amount: bigint; rate: Rate }[]): bigint[] {
  let total: ExactValue = { numerator: 0n, denominator: 1n }
  let counted = 0n
  return parts.map(({ amount, rate }) => {
    total = addExact(total, exactValue(amount, rate))
    const value = roundDown(total) - counted
    counted += value
    return value
  })
}

/**
 * The shares of a whole's value that parts of its amount carry (a payment's refunds), cumulatively:
 * each is the value of all parts so far less that of those before it, rounded down the same way,
 * so parts that add up to the whole amount add up to exactly its value.
 */
export function allocateValue(whole: { amount: bigint; value: bigint }, parts: readonly bigint[]): bigint[] {
  let before = 0n
  return parts.map((part) => {
    const share = cumulativeShare(whole, before, before + part)
    before += part
    return share
  })
}

/**
 * The share of a whole's value carried by the part of its amount from `before` to `through` (the
 * amounts of all parts before it, and including it): `allocateValue` for one part, when the parts
 * before it are known only by their sum.
 */
export function cumulativeShare(whole: { amount: bigint; value: bigint }, before: bigint, through: bigint): bigint {
  if (whole.amount <= 0n) throw new RangeError('a whole must be above 0')
  return (through * whole.value) / whole.amount - (before * whole.value) / whole.amount
}

/**
 * The token amount, in its base units, worth `priceMinor` minor units of `currency` at the feeds'
 * rates, rounded up to the token's unit.
 */
export function tokenAmountForPrice({
  priceMinor,
  ...rates
}: {
  priceMinor: bigint
  currency: FiatCurrency
  currencyUsd: UsdRate
  tokenUsd: UsdRate
  tokenDecimals: number
}): bigint {
  if (priceMinor <= 0n) throw new RangeError('a price must be above 0')
  return amountFor(priceMinor, feedRate(rates))
}

/**
 * What `tokenAmount` base units are worth in `currency`'s minor units at the feeds' rates, rounded
 * down (what a payment counts for against a price is never more than it brought).
 */
export function priceForTokenAmount({
  tokenAmount,
  ...rates
}: {
  tokenAmount: bigint
  currency: FiatCurrency
  currencyUsd: UsdRate
  tokenUsd: UsdRate
  tokenDecimals: number
}): bigint {
  return valueOf(tokenAmount, feedRate(rates))
}

/** The sum of amounts in one unit (a day's sales, its tips): the one place a till's figures are added. */
export const sumAmounts = (amounts: readonly bigint[]): bigint => amounts.reduce((sum, a) => sum + a, 0n)

/** A tip of `bps` basis points of a sale, rounded down to the unit: never more than the payer chose. */
export const tipFor = (subtotal: bigint, bps: number): bigint => portion(subtotal, BigInt(bps), 10_000n)

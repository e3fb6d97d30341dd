import type { FiatCurrency } from './currencies.ts'

/** A feed's answer: `answer` USD for one unit of its base, with `decimals` decimals. */
export type FeedAnswer = { answer: bigint; decimals: number }

/**
 * A network fee in wei as minor units of `currency`, rounded up (an estimate never shown lower than it
 * is): through ETH/USD, then the currency's USD feed (none for USD). Undefined when a feed answers
 * zero or less, as a stopped or broken feed may.
 */
export function feeValueMinor(
  feeWei: bigint,
  ethUsd: FeedAnswer,
  currencyUsd: FeedAnswer | undefined,
  currency: FiatCurrency,
): bigint | undefined {
  if (ethUsd.answer <= 0n || (currencyUsd && currencyUsd.answer <= 0n)) return undefined
  const numerator = feeWei * ethUsd.answer * 10n ** BigInt(currency.minorDigits + (currencyUsd?.decimals ?? 0))
  const denominator = 10n ** BigInt(18 + ethUsd.decimals) * (currencyUsd?.answer ?? 1n)
  return (numerator + denominator - 1n) / denominator
}

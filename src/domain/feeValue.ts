import type { FiatCurrency } from './currencies.ts'

/**
 * A feed's answer: `answer` USD for one unit of its base, with `decimals` decimals, given at
 * `updatedAt` (seconds) by a feed that must update at least every `heartbeatSeconds`.
 */
export type FeedAnswer = { answer: bigint; decimals: number; updatedAt: bigint; heartbeatSeconds: number }

/** An answer to value with: above zero and within its heartbeat of the chain's time, as a stopped or broken feed's is not. */
const usable = (feed: FeedAnswer, chainTime: bigint) =>
  feed.answer > 0n && feed.updatedAt + BigInt(feed.heartbeatSeconds) >= chainTime

/**
 * A network fee in wei as minor units of `currency`, rounded up (an estimate never shown lower than it
 * is): through ETH/USD, then the currency's USD feed (none for USD). Undefined when a feed's answer
 * is zero or less or older than its heartbeat at `chainTime` (the latest block's, in seconds).
 */
export function feeValueMinor(
  feeWei: bigint,
  ethUsd: FeedAnswer,
  currencyUsd: FeedAnswer | undefined,
  currency: FiatCurrency,
  chainTime: bigint,
): bigint | undefined {
  if (!usable(ethUsd, chainTime) || (currencyUsd && !usable(currencyUsd, chainTime))) return undefined
  const numerator = feeWei * ethUsd.answer * 10n ** BigInt(currency.minorDigits + (currencyUsd?.decimals ?? 0))
  const denominator = 10n ** BigInt(18 + ethUsd.decimals) * (currencyUsd?.answer ?? 1n)
  return (numerator + denominator - 1n) / denominator
}

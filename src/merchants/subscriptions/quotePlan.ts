import { zeroHash } from 'viem'
import { PriceFeedError } from '../../chain/feeds/readPriceFeeds.ts'
import type { ChargeQuote } from '../../db/schema.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { QuoteUnavailableError } from '../../domain/errors/quote.ts'
import type { QuoteServices } from '../../payments/quotes/issueQuote.ts'
import { quotePrice } from '../../payments/quotes/quotePrice.ts'
import type { PlanRow } from './planStore.ts'

/** What quoting a plan's price needs of the server: its chains, assets and feed readers. */
export type PlanFeeds = Pick<QuoteServices, 'chainOf' | 'assets' | 'readFeedsOn'>

/** A priced plan's price in its token now, with the rounds it came from. */
export type PlanQuote = { currency: string; price: bigint; amount: bigint; rounds: ChargeQuote }

/**
 * A priced plan's price quoted in its token with the live feeds, as a priced request's quote is
 * (rounded up to the token's unit). Throws `QuoteUnavailableError` when no trustworthy rate exists now.
 */
export async function quotePlan(feeds: PlanFeeds | undefined, plan: PlanRow): Promise<PlanQuote> {
  const currency = plan.currency === null ? undefined : fiatCurrency(plan.currency)
  const chain = feeds?.chainOf(plan.chainId)
  const asset = feeds?.assets.find((a) => a.chainId === plan.chainId && a.address === plan.asset)
  if (!feeds || !currency || plan.price === null || !chain || !asset)
    throw new QuoteUnavailableError({
      field: 'planId',
      shortMessage: `This plan's price cannot be quoted on this network.`,
    })
  const quoted = await quotePrice({
    readFeeds: feeds.readFeedsOn(plan.chainId),
    chain,
    asset,
    currency,
    priceMinor: BigInt(plan.price),
    reference: zeroHash,
    paymentReference: zeroHash,
  }).catch((error: unknown) => {
    if (!(error instanceof PriceFeedError)) throw error
    throw new QuoteUnavailableError({
      field: 'planId',
      shortMessage: `No rate can be given for ${asset.symbol} in ${currency.code} now: ${error.shortMessage}`,
      details: error.code,
    })
  })
  const { tokenUsd, currencyUsd } = quoted
  return {
    currency: currency.code,
    price: BigInt(plan.price),
    amount: quoted.terms.amount,
    rounds: {
      tokenFeed: tokenUsd.feed,
      tokenRound: tokenUsd.roundId.toString(),
      tokenAnswer: tokenUsd.answer.toString(),
      tokenFeedDecimals: tokenUsd.decimals,
      currencyFeed: currencyUsd?.feed ?? null,
      currencyRound: currencyUsd?.roundId.toString() ?? null,
      currencyAnswer: currencyUsd?.answer.toString() ?? null,
      currencyFeedDecimals: currencyUsd?.decimals ?? null,
    },
  }
}

/** The permission's cap per period of a priced plan: the grant's quote plus the plan's tolerance, rounded up. */
export const pricedCap = (quote: bigint, toleranceBps: number) =>
  (quote * BigInt(10_000 + toleranceBps) + 9_999n) / 10_000n

import type { Chain, PublicClient } from 'viem'
import { PriceFeedError, readPriceFeeds, type FeedRound } from '../../chain/feeds/readPriceFeeds.ts'
import type { ChainFeeds } from '../../chain/priceFeeds.ts'
import type { FiatCurrency } from '../../domain/currencies.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { ONE_USD, priceForTokenAmount } from '../../domain/money.ts'
import { feedBasesFor } from './quotePrice.ts'

/** A payment's worth in a currency, for the books: in minor units, with the rounds it was valued at. */
export type PaymentValue = {
  currency: string
  value: bigint
  tokenUsd: FeedRound
  currencyUsd: FeedRound | undefined
  /** The rates of the payment's own block; false when the node keeps no history and the newest were used. */
  atBlock: boolean
}

/**
 * What `amount` of `asset` was worth in `currency` at `blockNumber`, rounded down: the feeds read
 * as of that block where the node serves history, else the newest rounds (marked so the books can say).
 * Throws `PriceFeedError` when no trustworthy rate exists.
 */
export async function valueAtBlock({
  client,
  chainFeeds,
  chain,
  asset,
  amount,
  currency,
  blockNumber,
}: {
  client: PublicClient
  chainFeeds: ChainFeeds
  chain: Chain
  asset: Asset
  amount: bigint
  currency: FiatCurrency
  blockNumber: bigint
}): Promise<PaymentValue> {
  const bases = feedBasesFor(chain, asset, currency)
  let atBlock = true
  const reading = await readPriceFeeds(client, chainFeeds, bases, { blockNumber }).catch(async (error: unknown) => {
    if (!(error instanceof PriceFeedError) || error.code !== 'FEED_UNREADABLE') throw error
    atBlock = false
    return readPriceFeeds(client, chainFeeds, bases)
  })
  const [tokenUsd, currencyUsd] = reading.rounds as [FeedRound, FeedRound | undefined]
  const value = priceForTokenAmount({
    tokenAmount: amount,
    currency,
    currencyUsd: currencyUsd ?? ONE_USD,
    tokenUsd,
    tokenDecimals: asset.decimals,
  })
  return { currency: currency.code, value, tokenUsd, currencyUsd, atBlock }
}

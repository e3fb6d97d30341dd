import type { Chain, Hex } from 'viem'
import type { FeedRound } from '../../chain/feeds/readPriceFeeds.ts'
import { PriceFeedError } from '../../chain/feeds/readPriceFeeds.ts'
import { chainFeedsOf, type FeedBase } from '../../chain/priceFeeds.ts'
import { fiatCurrencies, type FiatCurrency } from '../../domain/currencies.ts'
import { NATIVE_ASSET, type Asset } from '../../domain/paymentRequest.ts'
import { DEFAULT_QUOTE_MINUTES, type PriceQuoteTerms } from '../../domain/priceQuote.ts'
import type { FeedReader } from './cachedFeedReader.ts'
import { ONE_USD, tokenAmountForPrice } from '../../domain/money.ts'

/** A quote with the rounds it was made from and the head block they were checked at. */
export type PriceQuote = {
  terms: PriceQuoteTerms
  tokenUsd: FeedRound
  currencyUsd: FeedRound | undefined
  quotedAt: Date
  block: { number: bigint; timestamp: number }
}

/** The feed that prices an asset against USD: a token by its symbol, the native coin when it is ETH. */
export function feedBaseOf(chain: Chain, asset: Asset): FeedBase | undefined {
  const symbol = asset.address === NATIVE_ASSET ? chain.nativeCurrency.symbol : asset.symbol
  const bases: readonly string[] = ['ETH', 'USDC', 'EURC', 'USDT', 'DAI']
  return bases.includes(symbol) ? (symbol as FeedBase) : undefined
}

/** The assets of these chains that can be quoted: those whose USD feed the chain's feed list has. */
export function quotableAssets(chains: readonly { chain: Chain }[], assets: readonly Asset[]): Asset[] {
  return assets.filter((asset) => {
    const chain = chains.find((c) => c.chain.id === asset.chainId)?.chain
    const base = chain && feedBaseOf(chain, asset)
    return base !== undefined && chainFeedsOf(asset.chainId)?.feeds.some((f) => f.base === base) === true
  })
}

/** The currencies a request on a chain can be priced in: USD, and those with a USD feed there. */
export function pricedCurrencies(chainId: number): string[] {
  const bases = new Set(chainFeedsOf(chainId)?.feeds.map((f) => f.base as string) ?? [])
  return fiatCurrencies.filter((c) => c.code === 'USD' || bases.has(c.code)).map((c) => c.code)
}

/** The feeds that price `asset` in `currency`, the asset's first: USD needs no feed of its own. */
export function feedBasesFor(chain: Chain, asset: Asset, currency: FiatCurrency): FeedBase[] {
  const tokenBase = feedBaseOf(chain, asset)
  if (!tokenBase)
    throw new PriceFeedError('FEED_MISSING', `There is no ${asset.symbol}/USD price feed on this network.`)
  return currency.code === 'USD' ? [tokenBase] : [tokenBase, currency.code as FeedBase]
}

/**
 * Quotes `priceMinor` of `currency` in `asset`: the token's and the currency's USD rounds read
 * (checked, possibly shared with other quotes of the same block), the amount rounded up to the
 * token's unit, held for `minutes`. Throws `PriceFeedError` when no trustworthy rate exists now.
 */
export async function quotePrice({
  readFeeds,
  chain,
  asset,
  currency,
  priceMinor,
  reference,
  paymentReference,
  minutes = DEFAULT_QUOTE_MINUTES,
  now = new Date(),
}: {
  readFeeds: FeedReader
  chain: Chain
  asset: Asset
  currency: FiatCurrency
  priceMinor: bigint
  reference: Hex
  paymentReference: Hex
  minutes?: number
  now?: Date
}): Promise<PriceQuote> {
  const { rounds, block } = await readFeeds(feedBasesFor(chain, asset, currency))
  const [tokenUsd, currencyUsd] = rounds as [FeedRound, FeedRound | undefined]
  const amount = tokenAmountForPrice({
    priceMinor,
    currency,
    currencyUsd: currencyUsd ?? ONE_USD,
    tokenUsd,
    tokenDecimals: asset.decimals,
  })
  return {
    terms: {
      chainId: chain.id,
      reference,
      paymentReference,
      currency: currency.code,
      price: priceMinor,
      asset: asset.address,
      amount,
      tokenFeed: tokenUsd.feed,
      tokenRound: tokenUsd.roundId,
      currencyFeed: currencyUsd?.feed ?? null,
      currencyRound: currencyUsd?.roundId ?? 0n,
      expiresAt: new Date(now.getTime() + minutes * 60_000),
    },
    tokenUsd,
    currencyUsd,
    quotedAt: now,
    block,
  }
}

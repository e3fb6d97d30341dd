import type { Chain, PublicClient } from 'viem'
import { chainFeedsOf } from '../../chain/priceFeeds.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { cachedFeedReader, type FeedReader } from './cachedFeedReader.ts'
import type { QuoteServices } from './issueQuote.ts'

/** Feed readings are shared for about a block: a quote asked meanwhile reuses the reading. */
const READING_MAX_AGE_MS = 1000

/** Quoting on these chains: one cached feed reader per chain, the quotes signed by the payees' quote keys. */
export function quoteServicesFor(
  network: {
    chains: readonly { chain: Chain }[]
    clients: ReadonlyMap<number, PublicClient>
    assets: readonly Asset[]
  },
  signAsDelegate: QuoteServices['signAsDelegate'],
  minutes: number,
): QuoteServices {
  const readers = new Map<number, FeedReader>()
  return {
    chainOf: (chainId) => network.chains.find((c) => c.chain.id === chainId)?.chain,
    assets: network.assets,
    readFeedsOn(chainId) {
      let reader = readers.get(chainId)
      if (!reader) {
        const feeds = chainFeedsOf(chainId) ?? { feeds: [], source: 'none' }
        readers.set(chainId, (reader = cachedFeedReader(network.clients.get(chainId)!, feeds, READING_MAX_AGE_MS)))
      }
      return reader
    },
    signAsDelegate,
    minutes,
  }
}

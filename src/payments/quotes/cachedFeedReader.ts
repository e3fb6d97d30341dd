import type { PublicClient } from 'viem'
import { readPriceFeeds, type FeedReading } from '../../chain/feeds/readPriceFeeds.ts'
import type { ChainFeeds, FeedBase } from '../../chain/priceFeeds.ts'

/** Reads feeds for a set of bases (see `readPriceFeeds`), possibly from a recent reading. */
export type FeedReader = (bases: readonly FeedBase[]) => Promise<FeedReading>

/**
 * One chain's feed readings shared for `maxAgeMs` (about a block): quotes asked meanwhile for the
 * same bases reuse the reading, or wait for the one under way, instead of asking the node again.
 * A refusal is shared the same way, so a stopped feed is not asked for every payer.
 */
export function cachedFeedReader(client: PublicClient, chainFeeds: ChainFeeds, maxAgeMs: number): FeedReader {
  const readings = new Map<string, { at: number; reading: Promise<FeedReading> }>()
  return (bases) => {
    const key = bases.join(',')
    const now = Date.now()
    const cached = readings.get(key)
    if (cached && now - cached.at < maxAgeMs) return cached.reading
    const reading = readPriceFeeds(client, chainFeeds, bases)
    readings.set(key, { at: now, reading })
    return reading
  }
}

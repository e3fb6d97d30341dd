import type { Address, PublicClient } from 'viem'
import * as z from 'zod/v4/mini'
import { aggregatorAbi } from '../../domain/aggregatorAbi.ts'
import { BaseError } from '../../domain/baseError.ts'
import { shapeWords } from '../rpc/rpcShapes.ts'
import { SEQUENCER_GRACE_SECONDS, type ChainFeeds, type FeedBase, type PriceFeed } from '../priceFeeds.ts'

/** Why no rate can be given now; each code has its own sentence for the payer. */
export type PriceFeedErrorCode =
  | 'FEED_MISSING'
  | 'FEED_UNREADABLE'
  | 'FEED_DECIMALS_MISMATCH'
  | 'FEED_ANSWER_INVALID'
  | 'FEED_ROUND_INCOMPLETE'
  | 'FEED_STALE'
  | 'SEQUENCER_DOWN'
  | 'SEQUENCER_RESTARTED'

export class PriceFeedError extends BaseError {
  override name = 'PriceFeedError'
  declare readonly code: PriceFeedErrorCode
  constructor(code: PriceFeedErrorCode, shortMessage: string, details?: string, cause?: unknown) {
    super({ code, shortMessage, details, cause })
  }
}

/** One feed's answer as read, checked: `answer / 10^decimals` USD for one `base`. */
export type FeedRound = {
  base: FeedBase
  feed: Address
  roundId: bigint
  answer: bigint
  decimals: number
  /** Seconds since the epoch, as the feed stamped the answer. */
  updatedAt: number
}

export type FeedReading = {
  /** The checked rounds, by base, in the order asked. */
  rounds: FeedRound[]
  /** The head block the check was made against: its number and timestamp (seconds). */
  block: { number: bigint; timestamp: number }
}

/** A feed's decimals never change behind its proxy: read once per process and chain, then compared with the list. */
const decimalsRead = new Map<string, Promise<number>>()

function feedDecimals(client: PublicClient, feed: PriceFeed) {
  const key = `${client.chain?.id}:${feed.address}`
  let read = decimalsRead.get(key)
  if (!read) {
    read = client.readContract({ address: feed.address, abi: aggregatorAbi, functionName: 'decimals' })
    read.catch(() => decimalsRead.delete(key))
    decimalsRead.set(key, read)
  }
  return read
}

const headShape = z.object({ number: z.bigint(), timestamp: z.bigint() })

const ageText = (seconds: number) =>
  seconds >= 7200 ? `${Math.floor(seconds / 3600)} hours` : `${Math.max(1, Math.round(seconds / 60))} minutes`

/**
 * Reads the latest round of each base's feed against USD, and on a rollup the sequencer's status,
 * at one head block (all calls at once: one JSON-RPC batch), and refuses what Chainlink's own
 * guidance says not to trust: an answer ≤ 0, a round not answered in itself, an answer older than
 * the feed's heartbeat, a sequencer down or back for less than an hour.
 */
export async function readPriceFeeds(
  client: PublicClient,
  chainFeeds: ChainFeeds,
  bases: readonly FeedBase[],
  /** Read as of this block (a node that keeps history), with its time as "now"; the newest by default. */
  { blockNumber }: { blockNumber?: bigint } = {},
): Promise<FeedReading> {
  const feeds = bases.map((base) => {
    const feed = chainFeeds.feeds.find((f) => f.base === base)
    if (!feed)
      throw new PriceFeedError('FEED_MISSING', `There is no ${base}/USD price feed on this network.`, `base ${base}`)
    return feed
  })
  const sequencer = chainFeeds.sequencerUptimeFeed
  const [block, decimals, rounds, sequencerRound] = await Promise.all([
    blockNumber === undefined ? client.getBlock({ blockTag: 'latest' }) : client.getBlock({ blockNumber }),
    Promise.all(feeds.map((feed) => feedDecimals(client, feed))),
    Promise.all(
      feeds.map((feed) =>
        client.readContract({
          address: feed.address,
          abi: aggregatorAbi,
          functionName: 'latestRoundData',
          blockNumber,
        }),
      ),
    ),
    sequencer
      ? client.readContract({ address: sequencer, abi: aggregatorAbi, functionName: 'latestRoundData', blockNumber })
      : undefined,
  ]).catch((error: unknown) => {
    throw new PriceFeedError(
      'FEED_UNREADABLE',
      'The price feeds could not be read from the network just now.',
      undefined,
      error,
    )
  })
  // viem formats a block without checking it: a block with no time would make every age NaN, and pass.
  const head = headShape.safeParse(block)
  if (!head.success)
    throw new PriceFeedError(
      'FEED_UNREADABLE',
      'The price feeds could not be read from the network just now.',
      `the node's block: ${shapeWords(head.error)}`,
    )
  const now = Number(head.data.timestamp)
  if (sequencerRound) {
    const [, status, statusSince] = sequencerRound
    if (status !== 0n)
      throw new PriceFeedError(
        'SEQUENCER_DOWN',
        'The network’s sequencer is down, so its prices cannot be trusted now.',
      )
    const upFor = now - Number(statusSince)
    if (upFor < SEQUENCER_GRACE_SECONDS)
      throw new PriceFeedError(
        'SEQUENCER_RESTARTED',
        `The network’s sequencer came back ${ageText(upFor)} ago; prices are trusted again an hour after it does.`,
        `up for ${upFor} s`,
      )
  }
  return {
    block: { number: head.data.number, timestamp: now },
    rounds: feeds.map((feed, i) => checkRound(feed, decimals[i]!, rounds[i]!, now)),
  }
}

function checkRound(
  feed: PriceFeed,
  decimals: number,
  [roundId, answer, , updatedAt, answeredInRound]: readonly [bigint, bigint, bigint, bigint, bigint],
  now: number,
): FeedRound {
  const name = `${feed.base}/USD`
  if (decimals !== feed.decimals)
    throw new PriceFeedError(
      'FEED_DECIMALS_MISMATCH',
      `The ${name} feed is not the one Billfold expects.`,
      `${feed.address} has ${decimals} decimals, the list says ${feed.decimals}`,
    )
  if (answer <= 0n)
    throw new PriceFeedError('FEED_ANSWER_INVALID', `The ${name} feed gives no usable price.`, `answer ${answer}`)
  if (updatedAt === 0n || answeredInRound < roundId)
    throw new PriceFeedError(
      'FEED_ROUND_INCOMPLETE',
      `The ${name} feed’s latest round is not complete.`,
      `round ${roundId} answered in ${answeredInRound}, updated at ${updatedAt}`,
    )
  const age = now - Number(updatedAt)
  if (age > feed.heartbeatSeconds)
    throw new PriceFeedError(
      'FEED_STALE',
      `The ${name} price is ${ageText(age)} old, older than the feed allows, so it cannot be used.`,
      `updated at ${updatedAt}, heartbeat ${feed.heartbeatSeconds} s`,
    )
  return { base: feed.base, feed: feed.address, roundId, answer, decimals, updatedAt: Number(updatedAt) }
}

import { createPublicClient, http, type Address } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { startFaultyRpc } from '../../../testing/faultyRpc.ts'
import { deployTestFeed } from '../../../testing/priceFeeds.ts'
import { devChain } from '../chains.ts'
import { DEV_FEED_ANSWERS, FIRST_ROUND_ID } from '../devnet/setUpDevPriceFeeds.ts'
import { DEV_PRICE_FEEDS, type ChainFeeds, type FeedBase } from '../priceFeeds.ts'
import { PriceFeedError, readPriceFeeds } from './readPriceFeeds.ts'

const rpcUrl = inject('anvilUrl')
const client = createPublicClient({ chain: devChain(rpcUrl), transport: http(rpcUrl) })
const HEARTBEAT = 3600

/** A chain whose EUR/USD feed (and sequencer, when given) are this test's own. */
const chainWith = (eur: Address, sequencerUptimeFeed?: Address): ChainFeeds => ({
  feeds: [{ base: 'EUR', address: eur, decimals: 8, heartbeatSeconds: HEARTBEAT }],
  sequencerUptimeFeed,
  source: 'test',
})

async function refusal(chain: ChainFeeds, bases: FeedBase[] = ['EUR']) {
  const error = await readPriceFeeds(client, chain, bases).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(PriceFeedError)
  return error as PriceFeedError
}

describe('readPriceFeeds', () => {
  it('reads the dev chain’s feeds at one head block, with their rounds and decimals', async () => {
    const reading = await readPriceFeeds(client, DEV_PRICE_FEEDS, ['EUR', 'ETH', 'USDC'])
    expect(reading.rounds.map((r) => [r.base, r.answer, r.decimals])).toEqual([
      ['EUR', DEV_FEED_ANSWERS.EUR, 8],
      ['ETH', DEV_FEED_ANSWERS.ETH, 8],
      ['USDC', DEV_FEED_ANSWERS.USDC, 8],
    ])
    expect(reading.rounds[0]!.roundId >= FIRST_ROUND_ID).toBe(true)
    expect(reading.block.timestamp).toBeGreaterThanOrEqual(reading.rounds[0]!.updatedAt)
  })

  it('refuses an answer older than the feed’s heartbeat, naming its age', async () => {
    const eur = await deployTestFeed(rpcUrl)
    await eur.setRound({ answer: 1_07520000n, ageSeconds: HEARTBEAT + 3 * 3600 })
    const error = await refusal(chainWith(eur.address))
    expect(error.code).toBe('FEED_STALE')
    expect(error.shortMessage).toMatch(/EUR\/USD price is 4 hours old/)
    await eur.setRound({ answer: 1_07520000n, ageSeconds: 60 })
    expect((await readPriceFeeds(client, chainWith(eur.address), ['EUR'])).rounds[0]!.answer).toBe(1_07520000n)
  })

  it('refuses an answer of 0 or below', async () => {
    const eur = await deployTestFeed(rpcUrl)
    await eur.setRound({ answer: -1n })
    expect((await refusal(chainWith(eur.address))).code).toBe('FEED_ANSWER_INVALID')
    await eur.setRound({ answer: 0n })
    expect((await refusal(chainWith(eur.address))).code).toBe('FEED_ANSWER_INVALID')
  })

  it('refuses a round answered in an earlier round', async () => {
    const eur = await deployTestFeed(rpcUrl)
    await eur.setRound({ answer: 1_07520000n, roundId: FIRST_ROUND_ID + 5n, answeredInRound: FIRST_ROUND_ID + 4n })
    expect((await refusal(chainWith(eur.address))).code).toBe('FEED_ROUND_INCOMPLETE')
  })

  it('refuses a feed whose decimals are not the list’s', async () => {
    const eur = await deployTestFeed(rpcUrl, { decimals: 18 })
    await eur.setRound({ answer: 1_075200000000000000n })
    expect((await refusal(chainWith(eur.address))).code).toBe('FEED_DECIMALS_MISMATCH')
  })

  it('refuses a base the chain has no feed for', async () => {
    expect((await refusal(DEV_PRICE_FEEDS, ['AUD'])).code).toBe('FEED_MISSING')
  })

  it('trusts no price while the sequencer is down, nor in the hour after it came back', async () => {
    const eur = await deployTestFeed(rpcUrl)
    await eur.setRound({ answer: 1_07520000n })
    const sequencer = await deployTestFeed(rpcUrl, { decimals: 0, description: 'L2 Sequencer Uptime Status Feed' })
    await sequencer.setRound({ answer: 1n, ageSeconds: 120 })
    const down = await refusal(chainWith(eur.address, sequencer.address))
    expect(down.code).toBe('SEQUENCER_DOWN')
    await sequencer.setRound({ answer: 0n, ageSeconds: 600 })
    const restarted = await refusal(chainWith(eur.address, sequencer.address))
    expect(restarted.code).toBe('SEQUENCER_RESTARTED')
    expect(restarted.shortMessage).toMatch(/came back 10 minutes ago/)
    await sequencer.setRound({ answer: 0n, ageSeconds: 2 * 3600 })
    const reading = await readPriceFeeds(client, chainWith(eur.address, sequencer.address), ['EUR'])
    expect(reading.rounds[0]!.answer).toBe(1_07520000n)
  })

  it('refuses a head block that comes without its time, rather than trusting every age', async () => {
    const proxy = await startFaultyRpc(rpcUrl, {
      rewriteAnswer: (method, result) =>
        method === 'eth_getBlockByNumber' && result ? { ...(result as object), timestamp: null } : result,
    })
    try {
      const odd = createPublicClient({ chain: devChain(proxy.url), transport: http(proxy.url) })
      const error = await readPriceFeeds(odd, DEV_PRICE_FEEDS, ['EUR']).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toMatchObject({ code: 'FEED_UNREADABLE', details: expect.stringContaining('timestamp') })
    } finally {
      await proxy.close()
    }
  })
})

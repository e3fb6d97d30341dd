import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestChain } from '../../../testing/testChain.ts'
import type { AnvilNode } from './startAnvil.ts'
import { readPriceFeeds } from '../feeds/readPriceFeeds.ts'
import { DEV_PRICE_FEEDS } from '../priceFeeds.ts'
import { devChain } from '../chains.ts'
import { devAccounts } from './setUpDevChain.ts'
import { DEV_FEED_ANSWERS, refreshDevPriceFeeds } from './setUpDevPriceFeeds.ts'

let anvil: AnvilNode
beforeAll(async () => {
  anvil = await startTestChain(8595)
})
afterAll(() => anvil.stop())

it('keeps a long-running dev chain’s prices usable: stale after a day, fresh again once refreshed', async () => {
  const client = createPublicClient({ chain: devChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) })
  expect(await refreshDevPriceFeeds(anvil.rpcUrl, devAccounts[0]!)).toBe(0)
  await client.request({ method: 'evm_increaseTime' as never, params: [90_000] as never })
  await client.request({ method: 'evm_mine' as never, params: [] as never })
  await expect(readPriceFeeds(client, DEV_PRICE_FEEDS, ['EUR'])).rejects.toMatchObject({ code: 'FEED_STALE' })
  expect(await refreshDevPriceFeeds(anvil.rpcUrl, devAccounts[0]!)).toBe(DEV_PRICE_FEEDS.feeds.length)
  const { rounds } = await readPriceFeeds(client, DEV_PRICE_FEEDS, ['EUR', 'ETH'])
  expect(rounds.map((r) => r.answer)).toEqual([DEV_FEED_ANSWERS.EUR, DEV_FEED_ANSWERS.ETH])
})

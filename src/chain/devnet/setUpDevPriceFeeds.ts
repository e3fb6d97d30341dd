import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import type { Logger } from '../../domain/logger.ts'
import { periodicTask } from '../../domain/periodicTask.ts'
import { createPublicClient, createTestClient, createWalletClient, http, type Address, type Hash } from 'viem'
import { devChainAt } from './devChainAt.ts'
import { DEV_PRICE_FEEDS, type FeedBase } from '../priceFeeds.ts'
import { testPriceFeedAbi, testPriceFeedRuntimeBytecode } from './testPriceFeedArtifact.ts'

/** The dev feeds' first answers (8 decimals, USD per unit), near real ones so that amounts look real. */
export const DEV_FEED_ANSWERS: Readonly<Record<FeedBase, bigint>> = {
  ETH: 3_000_00000000n,
  USDC: 1_00000000n,
  EURC: 1_07500000n,
  USDT: 1_00010000n,
  DAI: 1_00000000n,
  EUR: 1_07520000n,
  GBP: 1_26500000n,
  JPY: 660000n,
  CHF: 1_13000000n,
  AUD: 65000000n,
  CAD: 72000000n,
}

/** A proxy's round ids carry the phase above the aggregator's own round number. */
export const FIRST_ROUND_ID = (1n << 64n) + 1n

/**
 * Puts the dev chain's price feeds and its sequencer uptime feed at their fixed addresses, each
 * with one fresh round (the sequencer up for two days). Safe to run again: existing feeds are kept.
 */
export async function setUpDevPriceFeeds(rpcUrl: string, account: Address): Promise<void> {
  const chain = await devChainAt(rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport })
  const testClient = createTestClient({ chain, transport, mode: 'anvil' })
  const wallet = createWalletClient({ chain, transport, account })
  const hashes: Hash[] = []
  const feed = (address: Address) => ({ address, abi: testPriceFeedAbi }) as const
  for (const { address, base, decimals } of DEV_PRICE_FEEDS.feeds) {
    if (!(await install(address))) continue
    hashes.push(
      await wallet.writeContract({ ...feed(address), functionName: 'initialize', args: [decimals, `${base} / USD`] }),
      await wallet.writeContract({ ...feed(address), functionName: 'updateAnswer', args: [DEV_FEED_ANSWERS[base]] }),
    )
  }
  const sequencer = DEV_PRICE_FEEDS.sequencerUptimeFeed!
  if (await install(sequencer)) {
    const since = (await publicClient.getBlock()).timestamp - 2n * 86_400n
    hashes.push(
      await wallet.writeContract({
        ...feed(sequencer),
        functionName: 'initialize',
        args: [0, 'L2 Sequencer Uptime Status Feed'],
      }),
      await wallet.writeContract({
        ...feed(sequencer),
        functionName: 'setRound',
        args: [FIRST_ROUND_ID, 0n, since, since, FIRST_ROUND_ID],
      }),
    )
  }
  await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })))

  async function install(address: Address) {
    const code = await publicClient.getCode({ address })
    if (code && code !== '0x') return false
    await testClient.setCode({ address, bytecode: testPriceFeedRuntimeBytecode })
    return true
  }
}

/**
 * Gives each dev feed a new round with its last answer when half its heartbeat has passed: a dev
 * chain left running (`npm start` for a day) keeps its prices usable, as the real feeds' oracles
 * keep theirs. Returns how many feeds got a round.
 */
export async function refreshDevPriceFeeds(rpcUrl: string, account: Address): Promise<number> {
  const chain = await devChainAt(rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport })
  const wallet = createWalletClient({ chain, transport, account })
  const { timestamp } = await publicClient.getBlock()
  const hashes: Hash[] = []
  for (const { address, heartbeatSeconds } of DEV_PRICE_FEEDS.feeds) {
    const [, answer, , updatedAt] = await publicClient.readContract({
      address,
      abi: testPriceFeedAbi,
      functionName: 'latestRoundData',
    })
    if (timestamp - updatedAt > BigInt(heartbeatSeconds / 2))
      hashes.push(
        await wallet.writeContract({ address, abi: testPriceFeedAbi, functionName: 'updateAnswer', args: [answer] }),
      )
  }
  await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })))
  return hashes.length
}

/** Refreshes the dev feeds now and every ten minutes while the dev chain runs (not started here). */
export function keepDevPriceFeedsFresh(rpcUrl: string, account: Address, logger: Logger): BackgroundWorker {
  return periodicTask({
    name: 'dev price feeds',
    everyMs: 10 * 60_000,
    run: async () => void (await refreshDevPriceFeeds(rpcUrl, account)),
    onError: (error) =>
      logger.warn(
        `dev chain: the price feeds could not be refreshed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      ),
  })
}

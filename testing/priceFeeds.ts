import { keccak256, slice, toHex, type Address } from 'viem'
import { FIRST_ROUND_ID } from '../src/chain/devnet/setUpDevPriceFeeds.ts'
import { testPriceFeedAbi, testPriceFeedRuntimeBytecode } from '../src/chain/devnet/testPriceFeedArtifact.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'
import { DEV_PRICE_FEEDS, type FeedBase } from '../src/chain/priceFeeds.ts'

export type TestFeedRound = {
  answer: bigint
  /** Seconds before the head block's time that the round was answered (and started). */
  ageSeconds?: number
  /** When the round is reported as answered in an earlier round. */
  answeredInRound?: bigint
  roundId?: bigint
}

/**
 * A price feed of the test's own on the dev chain (the dev chain's feed contract at a fresh
 * address), so a test can make it stale, negative or incomplete without touching the shared feeds.
 */
export async function deployTestFeed(rpcUrl: string, { decimals = 8, description = 'TEST / USD' } = {}) {
  const { publicClient, testClient, walletOf } = chainClients(rpcUrl)
  const address = slice(keccak256(toHex(`${description}${Math.random()}`)), 0, 20) as Address
  await testClient.setCode({ address, bytecode: testPriceFeedRuntimeBytecode })
  const wallet = walletOf(0)
  const send = async (hash: Promise<`0x${string}`>) =>
    publicClient.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 })
  await send(
    wallet.writeContract({ address, abi: testPriceFeedAbi, functionName: 'initialize', args: [decimals, description] }),
  )
  return {
    address,
    /** Makes this round the feed's latest. */
    async setRound({ answer, ageSeconds = 0, answeredInRound, roundId = FIRST_ROUND_ID }: TestFeedRound) {
      const { timestamp } = await publicClient.getBlock()
      const at = timestamp - BigInt(ageSeconds)
      await send(
        wallet.writeContract({
          address,
          abi: testPriceFeedAbi,
          functionName: 'setRound',
          args: [roundId, answer, at, at, answeredInRound ?? roundId],
        }),
      )
    },
  }
}

/** Sets the dev chain's feed of `base` to `answer`, answered `ageSeconds` before the head's time. */
export async function setFeedAnswer(rpcUrl: string, base: FeedBase, answer: bigint, ageSeconds = 0) {
  const { publicClient, walletOf } = chainClients(rpcUrl)
  const feed = DEV_PRICE_FEEDS.feeds.find((f) => f.base === base)!.address
  const { timestamp } = await publicClient.getBlock()
  const [roundId] = await publicClient.readContract({
    address: feed,
    abi: testPriceFeedAbi,
    functionName: 'latestRoundData',
  })
  const at = timestamp - BigInt(ageSeconds)
  const hash = await walletOf(0).writeContract({
    address: feed,
    abi: testPriceFeedAbi,
    functionName: 'setRound',
    args: [roundId + 1n, answer, at, at, roundId + 1n],
  })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
}

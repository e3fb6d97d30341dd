import { describe, expect, it } from 'vitest'
import { createChainRpc } from '../chain/rpc/chainRpc.ts'
import { activeChains } from '../chain/chains.ts'
import { lineLogger } from '../domain/logger.ts'
import { pay } from './testing/payments.ts'
import { useWatcherHarness } from './testing/watcherHarness.ts'
import { createWatcherWorker } from './watcherWorker.ts'

const { env, logLines, payee, head, mine, newRequest, statusOf } = useWatcherHarness(
  Number(process.env.TEST_ANVIL_PORT ?? 8556) + 11,
)

const statusBecomes = (id: string, status: string) =>
  expect.poll(async () => (await statusOf(id)).status, { timeout: 20_000 }).toBe(status)

/** The watcher worker polling the harness's chain through its proxy (no WebSocket URL). */
function startPollingWatcher() {
  const [chain] = activeChains({ 31337: env.proxy.url })
  const rpc = createChainRpc({ chain: chain!.chain, urls: chain!.rpcUrls, timeoutMs: 2000, maxWaitMs: 5000 })
  const worker = createWatcherWorker({
    database: env.database,
    chains: [chain!],
    rpcs: new Map([[31337, rpc]]),
    logger: lineLogger((line) => logLines.push(line)),
    serverId: 'polls-test',
  })
  worker.start()
  return worker
}

/** Anvil mining a block every `seconds` (0: only when told), and transactions only with those blocks. */
const mineEvery = async (seconds: number) => {
  await env.publicClient.request({ method: 'evm_setAutomine' as never, params: [seconds === 0] as never })
  await env.publicClient.request({ method: 'evm_setIntervalMining' as never, params: [seconds] as never })
}
const calls = (method: string) => env.proxy.calls.get(method) ?? 0
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('polls aimed at the next block, on Anvil mining a block a second', () => {
  /** Follows until the watcher has seen `blocks` more blocks come a second apart (it learns the block time from them). */
  async function followFor(blocks: number) {
    const from = await head()
    await expect.poll(head, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(from + BigInt(blocks))
  }

  it('costs about one head read a block, and a logs read only for the blocks that pay a payee', async () => {
    const worker = startPollingWatcher()
    try {
      await mineEvery(1)
      await followFor(6)
      env.proxy.reset()
      const start = await head()
      const amounts = [2_000_001n, 2_000_002n, 2_000_003n, 2_000_004n]
      const requests = await Promise.all(amounts.map((amount) => newRequest({ amount })))
      for (const [i, request] of requests.entries()) {
        await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: amounts[i]!, reference: request.reference })
        await statusBecomes(request.id, 'paid')
        await followFor(1)
      }
      await followFor(4)
      const blocks = Number((await head()) - start)
      // Polled at the dev chain's 200 ms, each block would cost five head reads, and every block a
      // logs read while a paying block is in the re-read window.
      expect(calls('eth_getBlockByNumber')).toBeLessThanOrEqual(blocks * 1.6)
      expect(calls('eth_getLogs')).toBeLessThanOrEqual(requests.length + 2)
      // The paying transactions come with the head or are asked for by hash, once each.
      expect(calls('eth_getTransactionByHash')).toBeLessThanOrEqual(requests.length)
    } finally {
      await worker.stop()
      await mineEvery(0)
    }
  })

  it('finds a block that comes late, after the chain paused, and asks less often while it waits', async () => {
    const worker = startPollingWatcher()
    try {
      await mineEvery(1)
      await followFor(6)
      await mineEvery(0)
      await env.publicClient.request({ method: 'evm_setAutomine' as never, params: [false] as never })
      const request = await newRequest({ amount: 2_100_000n })
      env.proxy.reset()
      const paying = pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 2_100_000n, reference: request.reference })
      await sleep(5000)
      // Half a block time of fine polls, then backing off up to a block time: about a dozen asks, not 25.
      expect(calls('eth_getBlockByNumber')).toBeLessThanOrEqual(18)
      await mine(1)
      await paying
      await statusBecomes(request.id, 'paid')
    } finally {
      await worker.stop()
      await mineEvery(0)
    }
  })

  it('finds payments in blocks that come at irregular times', async () => {
    const worker = startPollingWatcher()
    try {
      await mineEvery(1)
      await followFor(6)
      await mineEvery(0)
      await env.publicClient.request({ method: 'evm_setAutomine' as never, params: [false] as never })
      const amounts = [2_200_001n, 2_200_002n, 2_200_003n]
      const requests = await Promise.all(amounts.map((amount) => newRequest({ amount })))
      for (const [i, gap] of [300, 2600, 700].entries()) {
        const paying = pay(env.anvil.rpcUrl, {
          from: 1,
          to: payee,
          amount: amounts[i]!,
          reference: requests[i]!.reference,
        })
        await sleep(gap)
        await mine(1)
        await paying
      }
      for (const request of requests) await statusBecomes(request.id, 'paid')
    } finally {
      await worker.stop()
      await mineEvery(0)
    }
  })
})

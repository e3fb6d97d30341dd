import { createTestClient, http, type PublicClient } from 'viem'
import { activeChains, assetsOf, DEV_CHAIN_IDS, type ActiveChain } from '../src/chain/chains.ts'
import { setUpDevChain } from '../src/chain/devnet/setUpDevChain.ts'
import { startAnvil, type AnvilNode } from '../src/chain/devnet/startAnvil.ts'
import { createChainRpc } from '../src/chain/rpc/chainRpc.ts'
import type { Database } from '../src/db/createDatabase.ts'
import { createChainWatcher, type ChainWatcher } from '../src/watcher/watchChain.ts'
import { startTestApp, type TestApp } from './startTestApp.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'

export type ThreeChains = {
  /** The three Anvils, in `DEV_CHAIN_IDS` order (the dev chain, then the Base Sepolia and Arbitrum Sepolia ids). */
  nodes: readonly AnvilNode[]
  chains: readonly ActiveChain[]
  /** Every asset of the three, as the server offers them. */
  assets: ReturnType<typeof assetsOf>
  clients: ReadonlyMap<number, PublicClient>
  /** One watcher per chain on `database`, as the server runs them. */
  watchers(database: Database): ChainWatcher[]
  stop(): Promise<void>
}

/**
 * The quick start's three dev chains, each an Anvil of the test's own on `port`, `port + 1` and
 * `port + 2` with its chain id, set up like `npm start`'s (the same tokens at the same addresses).
 */
export async function startThreeChains(port: number): Promise<ThreeChains> {
  const nodes = await Promise.all(
    DEV_CHAIN_IDS.map(async (chainId, i) => {
      const node = await startAnvil({ port: port + i, chainId })
      await setUpDevChain(node.rpcUrl)
      return node
    }),
  )
  const chains = activeChains(Object.fromEntries(nodes.map((n) => [n.chainId, n.rpcUrl])))
  const clients = new Map(
    nodes.map((n) => [n.chainId, chainClients(n.rpcUrl, n.chainId).publicClient as PublicClient] as const),
  )
  return {
    nodes,
    chains,
    assets: assetsOf(chains),
    clients,
    watchers: (database) =>
      chains.map((chain) =>
        createChainWatcher({
          database,
          chain,
          rpc: createChainRpc({ chain: chain.chain, urls: chain.rpcUrls, timeoutMs: 2000, maxWaitMs: 5000 }),
        }),
      ),
    stop: async () => {
      await Promise.all(nodes.map((n) => n.stop()))
    },
  }
}

/**
 * The three chains on `port` to `port + 2` and the real server on them, as `npm start` runs it; its
 * watchers off, for the test to run `three.watchers` passes when it chooses. `options` add to the app's.
 */
export async function startThreeChainApp(
  port: number,
  options: Partial<Parameters<typeof startTestApp>[0]> = {},
): Promise<{ three: ThreeChains; app: TestApp }> {
  const three = await startThreeChains(port)
  const [dev, ...others] = three.nodes
  const app = await startTestApp({
    anvilUrl: dev!.rpcUrl,
    chainRpcUrls: Object.fromEntries(others.map((n) => [n.chainId, n.rpcUrl])),
    rateLimitPerMinute: 0,
    watch: false,
    ...options,
  })
  return { three, app }
}

/** Runs passes of each watcher until every one has read up to its chain's head; the requests whose status changed. */
export async function catchUpAll(watchers: readonly ChainWatcher[]): Promise<string[]> {
  const changed = new Set<string>()
  for (const watcher of watchers) {
    for (let i = 0; ; i++) {
      if (i === 50) throw new Error('a watcher did not catch up')
      const outcome = await watcher.runOnce()
      outcome.changed.forEach((id) => changed.add(id))
      if (outcome.caughtUp && !outcome.failed) break
    }
  }
  return [...changed]
}

/**
 * Makes paying on a dev chain dearer or cheaper: the next block's base fee is set and one block is
 * mined at it, since fee estimates read the latest block's.
 */
export async function setBaseFee(rpcUrl: string, weiPerGas: bigint): Promise<void> {
  const client = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
  await client.setNextBlockBaseFeePerGas({ baseFeePerGas: weiPerGas })
  await client.mine({ blocks: 1 })
}

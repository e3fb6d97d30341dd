import postgres from 'postgres'
import { createPublicClient, webSocket, type Address, type Hash } from 'viem'
import { activeChains, DEV_CHAIN_ID, devChain } from '../../src/chain/chains.ts'
import { devAccounts } from '../../src/chain/devnet/setUpDevChain.ts'
import { createChainRpc } from '../../src/chain/rpc/chainRpc.ts'
import { DEV_USDC_ADDRESS } from '../../src/chain/tokens.ts'
import { createWatcherWorker } from '../../src/watcher/watcherWorker.ts'
import { chainClients, pay } from '../../src/watcher/testing/payments.ts'
import { createDatabase, type Database } from '../../src/db/createDatabase.ts'
import { paymentRequests } from '../../src/db/schema.ts'
import { newPaymentReference } from '../../src/domain/paymentReference.ts'
import { deployBusyTrader } from '../../testing/busyToken.ts'
import { startFaultyRpc, type FaultyRpc } from '../../testing/faultyRpc.ts'
import { freePort } from '../../testing/freePort.ts'
import { createFreshDatabase, type PostgresServer } from '../../testing/postgresServer.ts'
import { startTestChain } from '../../testing/testChain.ts'
import { percentile, ratio } from '../stats.ts'
import { startPonder } from './ponder.ts'
import { silentLogger } from '../../src/domain/logger.ts'

const PAYMENTS = 50
const NOISE_PER_BLOCK = 200
const AMOUNT = 1_000_000n
const PAYEES = devAccounts.slice(3, 10) as Address[]
/**
 * Each tool's own default: Billfold's for the dev chain (new heads over Anvil's WebSocket, as the
 * quick start follows it), Ponder's documented one (an HTTP URL, polled every second); then both
 * polling at equal intervals, and both subscribed.
 */
const RUNS = [
  {
    name: 'each at its default (Billfold subscribed over WebSocket, Ponder polling every 1,000 ms)',
    billfoldMs: 200,
    ponderMs: undefined,
    billfoldWs: true,
    ponderWs: false,
  },
  {
    name: 'both polling every 1,000 ms (Billfold’s default on public chains without a WebSocket URL)',
    billfoldMs: 1000,
    ponderMs: 1000,
    billfoldWs: false,
    ponderWs: false,
  },
  { name: 'both polling every 200 ms', billfoldMs: 200, ponderMs: 200, billfoldWs: false, ponderWs: false },
  { name: 'both subscribed over WebSocket', billfoldMs: 200, ponderMs: undefined, billfoldWs: true, ponderWs: true },
] as const

type Recorded = Map<string, number>

/**
 * Payment block → recorded by Billfold's watcher and by the minimal Ponder app, following the same
 * Anvil (1 s blocks, a busy token) at once, each through a counting proxy of its own. "Recorded" is
 * when its row is first visible to a reader of its database (both on one PostgreSQL server, read
 * every 10 ms); the block's time is when it reaches a newHeads subscriber.
 */
export async function followAgainstPonder(server: PostgresServer) {
  console.log(
    `\nFollowing the head against Ponder: payment block → recorded, ${PAYMENTS} payments on Anvil with 1 s blocks and a busy token (${NOISE_PER_BLOCK} unrelated transfers a block), both tools following at once (goal: Billfold's p99 lower, calls per block ≤ Ponder's)`,
  )
  for (const run of RUNS) await followRun(server, run)
}

async function followRun(server: PostgresServer, run: (typeof RUNS)[number]) {
  const anvil = await startTestChain(await freePort(), { blockTime: 1 })
  const ours = await startFaultyRpc(anvil.rpcUrl)
  const theirs = await startFaultyRpc(anvil.rpcUrl)
  const ourUrl = await createFreshDatabase(server.url)
  const theirUrl = await createFreshDatabase(server.url)
  const database = await createDatabase({ url: ourUrl })
  const trader = await deployBusyTrader(anvil.rpcUrl)
  const { publicClient } = chainClients(anvil.rpcUrl)
  const heads = createPublicClient({
    chain: devChain(anvil.rpcUrl),
    transport: webSocket(anvil.rpcUrl.replace('http', 'ws'), { reconnect: false }),
  })
  const blockSeenAt = new Map<Hash, number>()
  const unwatch = heads.watchBlocks({ onBlock: (block) => blockSeenAt.set(block.hash!, Date.now()) })
  let stopped = false
  const noise = (async () => {
    while (!stopped) {
      await trader.churn(NOISE_PER_BLOCK)
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  })()
  const head = await publicClient.getBlockNumber({ cacheTime: 0 })
  const references = await storeRequests(database, head)
  const [chain] = activeChains({ [DEV_CHAIN_ID]: run.billfoldWs ? [ours.url, ours.wsUrl] : ours.url })
  const following = { ...chain!, pollingIntervalMs: run.billfoldMs }
  const rpcs = new Map([[DEV_CHAIN_ID, createChainRpc({ chain: following.chain, urls: following.rpcUrls })]])
  const watcher = createWatcherWorker({ database, chains: [following], rpcs, logger: silentLogger, serverId: 'bench' })
  watcher.start()
  const ponder = await startPonder({
    rpcUrl: theirs.url,
    chainId: DEV_CHAIN_ID,
    token: DEV_USDC_ADDRESS,
    payees: PAYEES,
    startBlock: head,
    database: { url: theirUrl },
    ...(run.ponderMs ? { pollingIntervalMs: run.ponderMs } : {}),
    ...(run.ponderWs ? { wsUrl: theirs.wsUrl } : {}),
  })
  const ourReader = postgres(ourUrl, { max: 1, onnotice: () => {} })
  const theirReader = postgres(theirUrl, { max: 1, onnotice: () => {} })
  const ourRows: Recorded = new Map()
  const theirRows: Recorded = new Map()
  const reading = (async () => {
    while (!stopped) {
      const [a, b] = await Promise.all([
        ourReader<{ hash: string }[]>`select tx_hash as hash from payments`,
        theirReader<{ hash: string }[]>`select transaction_hash as hash from bench.transfer`,
      ])
      const now = Date.now()
      for (const { hash } of a) if (!ourRows.has(hash)) ourRows.set(hash, now)
      for (const { hash } of b) if (!theirRows.has(hash.toLowerCase())) theirRows.set(hash.toLowerCase(), now)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000)) // both caught up with the head
    ours.reset()
    theirs.reset()
    const start = await publicClient.getBlockNumber({ cacheTime: 0 })
    const ourLatencies: number[] = []
    const theirLatencies: number[] = []
    for (const [i, reference] of references.entries()) {
      const hash = await pay(anvil.rpcUrl, { from: 1, to: PAYEES[i % PAYEES.length]!, amount: AMOUNT, reference })
      const { blockHash } = await publicClient.getTransactionReceipt({ hash })
      const deadline = Date.now() + 15_000
      while (!(ourRows.has(hash) && theirRows.has(hash)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10))
      const seenAt = blockSeenAt.get(blockHash)
      if (seenAt === undefined) throw new Error('a payment block never reached the newHeads subscription')
      if (!ourRows.has(hash) || !theirRows.has(hash))
        throw new Error(
          `payment ${hash} not recorded within 15 s (Billfold ${ourRows.has(hash)}, Ponder ${theirRows.has(hash)})`,
        )
      ourLatencies.push(ourRows.get(hash)! - seenAt)
      theirLatencies.push(theirRows.get(hash)! - seenAt)
    }
    const blocks = Number((await publicClient.getBlockNumber({ cacheTime: 0 })) - start)
    printRun(run.name, { ourLatencies, theirLatencies, blocks, ours, theirs })
  } finally {
    stopped = true
    unwatch()
    ;(await heads.transport.getRpcClient()).close()
    await Promise.allSettled([noise, reading])
    await ponder.stop()
    await watcher.stop()
    await Promise.all([ourReader.end(), theirReader.end(), database.close()])
    await Promise.all([ours.close(), theirs.close()])
    await anvil.stop()
  }
}

async function storeRequests(database: Database, createdBlock: bigint) {
  const references = Array.from({ length: PAYMENTS }, () => newPaymentReference())
  await database.db.insert(paymentRequests).values(
    references.map((reference, i) => ({
      id: `follow${String(i).padStart(5, '0')}`,
      chainId: DEV_CHAIN_ID,
      asset: DEV_USDC_ADDRESS,
      symbol: 'USDC',
      decimals: 6,
      amount: AMOUNT.toString(),
      payee: PAYEES[i % PAYEES.length]!,
      memo: '',
      dueAt: new Date(Date.now() + 86_400_000),
      reference,
      signature: '0x',
      createdBlock,
    })),
  )
  return references
}

function printRun(
  name: string,
  figures: { ourLatencies: number[]; theirLatencies: number[]; blocks: number; ours: FaultyRpc; theirs: FaultyRpc },
) {
  const s = (value: number) => `${(value / 1000).toFixed(3)} s`
  const perBlock = (proxy: FaultyRpc) => proxy.stats().calls / figures.blocks
  const methods = (proxy: FaultyRpc) =>
    [
      ...[...proxy.calls].map(([method, n]) => `${method} ${(n / figures.blocks).toFixed(2)}`),
      ...(proxy.notifications() ? [`+ ${(proxy.notifications() / figures.blocks).toFixed(2)} notifications`] : []),
    ].join(', ')
  const line = (who: string, latencies: number[], proxy: FaultyRpc) =>
    `    ${who.padEnd(9)} p50 ${s(percentile(latencies, 50))}   p99 ${s(percentile(latencies, 99))}   ${perBlock(proxy).toFixed(2)} calls per block (${methods(proxy)})`
  console.log(`  ${name}, ${figures.blocks} blocks`)
  console.log(line('Billfold', figures.ourLatencies, figures.ours))
  console.log(line('Ponder', figures.theirLatencies, figures.theirs))
  console.log(
    `    Billfold/Ponder: p50 ${ratio(percentile(figures.ourLatencies, 50), percentile(figures.theirLatencies, 50))}, p99 ${ratio(percentile(figures.ourLatencies, 99), percentile(figures.theirLatencies, 99))}, calls per block ${ratio(perBlock(figures.ours), perBlock(figures.theirs))}`,
  )
}

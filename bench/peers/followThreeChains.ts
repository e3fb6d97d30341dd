import type { Address } from 'viem'
import { activeChains, DEV_CHAIN_IDS } from '../../src/chain/chains.ts'
import { devAccounts, setUpDevChain } from '../../src/chain/devnet/setUpDevChain.ts'
import { startAnvil, type AnvilNode } from '../../src/chain/devnet/startAnvil.ts'
import { createChainRpc } from '../../src/chain/rpc/chainRpc.ts'
import { DEV_USDC_ADDRESS } from '../../src/chain/tokens.ts'
import { createDatabase } from '../../src/db/createDatabase.ts'
import { paymentRequests } from '../../src/db/schema.ts'
import { silentLogger } from '../../src/domain/logger.ts'
import { newPaymentReference } from '../../src/domain/paymentReference.ts'
import { chainClients, pay } from '../../src/watcher/testing/payments.ts'
import { createWatcherWorker } from '../../src/watcher/watcherWorker.ts'
import { startFaultyRpc, type FaultyRpc } from '../../testing/faultyRpc.ts'
import { freePort } from '../../testing/freePort.ts'
import { createFreshDatabase, type PostgresServer } from '../../testing/postgresServer.ts'

const PAYMENTS_PER_CHAIN = 15
const AMOUNT = 1_000_000n
const PAYEE = devAccounts[4] as Address

/**
 * The quick start's three dev chains (1 s blocks each), watched by one server, a payment on each
 * chain in turn: the watcher's calls per block on each chain, polling and subscribed.
 */
export async function followThreeChains(server: PostgresServer | undefined) {
  console.log(
    `\nWatcher calls per block per chain with three chains (${DEV_CHAIN_IDS.join(', ')}; Anvil, 1 s blocks, ${PAYMENTS_PER_CHAIN} payments on each, one watcher server)`,
  )
  for (const subscribed of [false, true]) await threeChainsRun(server, subscribed)
}

async function threeChainsRun(server: PostgresServer | undefined, subscribed: boolean) {
  const anvils: AnvilNode[] = await Promise.all(
    DEV_CHAIN_IDS.map(async (chainId) => {
      const node = await startAnvil({ port: await freePort(), chainId, blockTime: 1 })
      await setUpDevChain(node.rpcUrl)
      return node
    }),
  )
  const proxies: FaultyRpc[] = await Promise.all(anvils.map((node) => startFaultyRpc(node.rpcUrl)))
  const database = await createDatabase(server ? { url: await createFreshDatabase(server.url) } : {})
  const chains = activeChains(
    Object.fromEntries(
      proxies.map((proxy, i) => [DEV_CHAIN_IDS[i]!, subscribed ? [proxy.url, proxy.wsUrl] : [proxy.url]]),
    ),
  )
  const rpcs = new Map(chains.map((c) => [c.chain.id, createChainRpc({ chain: c.chain, urls: c.rpcUrls })]))
  const references = new Map<number, `0x${string}`[]>()
  for (const [i, chainId] of DEV_CHAIN_IDS.entries()) {
    const createdBlock = await chainClients(anvils[i]!.rpcUrl, chainId).publicClient.getBlockNumber()
    const list = Array.from({ length: PAYMENTS_PER_CHAIN }, () => newPaymentReference())
    references.set(chainId, list)
    await database.db.insert(paymentRequests).values(
      list.map((reference, n) => ({
        id: `three${chainId}x${n}`,
        chainId,
        asset: DEV_USDC_ADDRESS,
        symbol: 'USDC',
        decimals: 6,
        amount: AMOUNT.toString(),
        payee: PAYEE,
        memo: '',
        dueAt: new Date(Date.now() + 86_400_000),
        reference,
        signature: '0x',
        createdBlock,
      })),
    )
  }
  const watcher = createWatcherWorker({ database, chains, rpcs, logger: silentLogger, serverId: 'bench-three' })
  watcher.start()
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000)) // each caught up with its head
    const heads = () =>
      Promise.all(anvils.map((node, i) => chainClients(node.rpcUrl, DEV_CHAIN_IDS[i]).publicClient.getBlockNumber()))
    for (const proxy of proxies) proxy.reset()
    const start = await heads()
    for (let n = 0; n < PAYMENTS_PER_CHAIN; n++)
      for (const [i, chainId] of DEV_CHAIN_IDS.entries())
        await pay(anvils[i]!.rpcUrl, {
          from: 1 + i,
          to: PAYEE,
          amount: AMOUNT,
          reference: references.get(chainId)![n]!,
          chainId,
        })
    await new Promise((resolve) => setTimeout(resolve, 2000)) // the last payments recorded
    const end = await heads()
    const rows = await database.db
      .select({ id: paymentRequests.id, status: paymentRequests.status })
      .from(paymentRequests)
    const paid = rows.filter((row) => row.status === 'paid').length
    console.log(`  ${subscribed ? 'subscribed over WebSocket' : 'polling'}: ${paid} of ${rows.length} requests paid`)
    for (const [i, chainId] of DEV_CHAIN_IDS.entries()) {
      const blocks = Number(end[i]! - start[i]!)
      const proxy = proxies[i]!
      const methods = [...proxy.calls].map(([method, n]) => `${method} ${(n / blocks).toFixed(2)}`).join(', ')
      console.log(
        `    chain ${String(chainId).padEnd(6)} ${blocks} blocks, ${(proxy.stats().calls / blocks).toFixed(2)} calls per block (${methods})${proxy.notifications() ? `, + ${(proxy.notifications() / blocks).toFixed(2)} notifications` : ''}`,
      )
    }
  } finally {
    await watcher.stop()
    await database.close()
    await Promise.all(proxies.map((proxy) => proxy.close()))
    await Promise.all(anvils.map((node) => node.stop()))
  }
}

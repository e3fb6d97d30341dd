import { eq, sql } from 'drizzle-orm'
import type { Address, PublicClient } from 'viem'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../../testing/faultyRpc.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import { chainCursors, paymentRequests, payments, recentBlocks, unmatchedTransfers } from '../../db/schema.ts'
import type { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { activeChains } from '../../chain/chains.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'
import { createChainRpc } from '../../chain/rpc/chainRpc.ts'
import { createChainWatcher } from '../watchChain.ts'
import { chainClients, insertRequest } from './payments.ts'
import { lineLogger } from '../../domain/logger.ts'

/**
 * A chain of the test file's own (its tests mine and reorg it, on `port`), read through a proxy that
 * behaves like real providers, with an in-memory database; and the helpers the watcher's tests share.
 */
export function useWatcherHarness(port: number) {
  const env = {} as { anvil: AnvilNode; proxy: FaultyRpc; database: Database; publicClient: PublicClient }
  const logLines: string[] = []
  const payee = devAccounts[5]!
  beforeAll(async () => {
    env.anvil = await startTestChain(port)
    env.proxy = await startFaultyRpc(env.anvil.rpcUrl)
    env.database = await createDatabase({})
    env.publicClient = chainClients(env.anvil.rpcUrl).publicClient as PublicClient
  })
  afterAll(async () => {
    await env.database?.close()
    await env.proxy?.close()
    await env.anvil?.stop()
  })
  beforeEach(() => {
    for (const key of Object.keys(env.proxy.faults)) delete env.proxy.faults[key as keyof typeof env.proxy.faults]
    env.proxy.reset()
    logLines.length = 0
  })

  const [chain] = activeChains({ 31337: 'http://unused' })
  function newWatcher({
    urls,
    logRangeBlocks,
    timeoutMs = 2000,
  }: { urls?: string[]; logRangeBlocks?: number; timeoutMs?: number } = {}) {
    const rpc = createChainRpc({ chain: chain!.chain, urls: urls ?? [env.proxy.url], timeoutMs, maxWaitMs: 5000 })
    return createChainWatcher({
      database: env.database,
      chain: chain!,
      rpc,
      logger: lineLogger((line) => logLines.push(line)),
      logRangeBlocks,
    })
  }
  let shared: ReturnType<typeof newWatcher> | undefined
  const watcher = () => (shared ??= newWatcher())

  /** Runs passes until the watcher has read up to the head. */
  async function catchUp(w = watcher()) {
    const changed = new Set<string>()
    for (let i = 0; i < 50; i++) {
      const outcome = await w.runOnce()
      outcome.changed.forEach((id) => changed.add(id))
      if (outcome.caughtUp && !outcome.failed) return [...changed]
    }
    throw new Error(`the watcher did not catch up: ${logLines.join('\n')}`)
  }

  const head = () => env.publicClient.getBlockNumber({ cacheTime: 0 })
  const mine = (blocks: number) => chainClients(env.anvil.rpcUrl).testClient.mine({ blocks })
  async function newRequest(fields: {
    amount: bigint
    asset?: Address | typeof NATIVE_ASSET
    payer?: Address
    payee?: Address
  }) {
    return insertRequest(env.database.db, { payee, createdBlock: await head(), ...fields })
  }
  async function statusOf(id: string) {
    const [row] = await env.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id))
    return { status: row!.status, received: BigInt(row!.received) }
  }
  const paymentsOf = (id: string) => env.database.db.select().from(payments).where(eq(payments.requestId, id))

  /** Forgets what the watcher read, as a new deployment would: the next pass reads the chain from the oldest request. */
  async function forgetEverything() {
    const { db } = env.database
    await db.delete(payments)
    await db.delete(unmatchedTransfers)
    await db.delete(chainCursors)
    await db.delete(recentBlocks)
    await db.execute(sql`update payment_requests set status = 'open', received = 0, paid_at = null`)
  }

  return {
    env,
    logLines,
    payee,
    newWatcher,
    watcher,
    catchUp,
    head,
    mine,
    newRequest,
    statusOf,
    paymentsOf,
    forgetEverything,
  }
}

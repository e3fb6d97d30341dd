import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { encodeEventTopics, erc20Abi, numberToHex } from 'viem'
import { activeChains, DEV_CHAIN_ID } from '../src/chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { createChainRpc } from '../src/chain/rpc/chainRpc.ts'
import { createWatcherWorker } from '../src/watcher/watcherWorker.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'
import { createDatabase, type Database } from '../src/db/createDatabase.ts'
import { deployBusyTrader } from '../testing/busyToken.ts'
import { startFaultyRpc } from '../testing/faultyRpc.ts'
import { createFreshDatabase, type PostgresServer } from '../testing/postgresServer.ts'
import { lastJson, mb, runStep, withPostgres } from './benchProcess.ts'
import { startTestChain } from '../testing/testChain.ts'
import { buildBackfillChain } from './backfillChain.ts'
import type { BackfillResult } from './backfillRun.ts'
import type { IdlePassResult } from './idlePassRun.ts'
import { silentLogger } from '../src/domain/logger.ts'

const PAYMENTS = 10_000
const BLOCKS = 5_000
const NOISE_PER_BLOCK = 200
/** Transfers to the payees without a reference that fit no request, a block: 10,000 in all. */
const DIRECT_PER_BLOCK = 2
const perSecond = (r: BackfillResult) => Math.round((r.payments + r.unmatched) / r.seconds)

/** `npm run bench -- watcher`: the backfill on a busy token. */
export const runWatcherBenchmarks = () => withPostgres(backfillSection)
/** `npm run bench -- follow`: RPC calls per block while following the head. */
export const runFollowBenchmarks = followSection
/** `npm run bench -- million`: watcher passes over a million requests. */
export const runMillionBenchmarks = () => withPostgres(millionSection)

async function backfillSection(postgres: PostgresServer | undefined) {
  console.log(
    `\nWatcher backfill on a busy token: ${PAYMENTS.toLocaleString('en')} matching USDC payments and ${(BLOCKS * DIRECT_PER_BLOCK).toLocaleString('en')} transfers to the payees without a reference (unmatched) among ${(BLOCKS * NOISE_PER_BLOCK).toLocaleString('en')} unrelated transfers of the same token over ${BLOCKS.toLocaleString('en')} blocks, from an empty cursor, through a provider that caps eth_getLogs at 2,000 blocks and 10,000 results (goal ≥ 2,000 payments and unmatched transfers/s)`,
  )
  // No historical states: Anvil would otherwise write one per block to disk (tens of GB here) and slow down.
  const anvil = await startTestChain(8567, { extraArgs: ['--prune-history'] })
  const folder = await mkdtemp(join(tmpdir(), 'billfold-bench-'))
  const capped = await startFaultyRpc(anvil.rpcUrl, {
    logsLimit: { provider: 'alchemy', maxBlocks: 2000, maxResults: 10_000 },
  })
  try {
    const planFile = join(folder, 'plan.json')
    const building = performance.now()
    const { blocks } = await buildBackfillChain(anvil.rpcUrl, planFile, {
      payments: PAYMENTS,
      perBlock: PAYMENTS / BLOCKS,
      noisePerBlock: NOISE_PER_BLOCK,
      directPerBlock: DIRECT_PER_BLOCK,
    })
    console.log(`  (chain of ${blocks} blocks built in ${((performance.now() - building) / 1000).toFixed(1)} s)`)
    const targets: [string, () => Promise<string>][] = [['PGlite', async () => join(folder, 'pglite')]]
    if (postgres) targets.push(['PostgreSQL', () => createFreshDatabase(postgres.url)])
    for (const [name, database] of targets) {
      const target = await database()
      await runStep('bench/backfillRun.ts', ['prepare', planFile, target])
      capped.reset()
      const result = lastJson<BackfillResult>(
        (await runStep('bench/backfillRun.ts', ['index', planFile, target, capped.url])).stdout,
      )
      const { calls, bytes, refused } = capped.stats()
      console.log(
        `  ${name.padEnd(11)} ${result.payments} payments + ${result.unmatched} unmatched in ${result.seconds.toFixed(2)} s = ${perSecond(result)}/s   peak RSS ${result.peakRssMb.toFixed(0)} MB (${result.baselineRssMb.toFixed(0)} MB before)   RPC: ${calls} calls (${capped.calls.get('eth_getLogs') ?? 0} eth_getLogs, ${refused} refused), ${mb(bytes)} received`,
      )
    }
    const plan = JSON.parse(await readFile(planFile, 'utf8')) as { createdBlock: string }
    await unfilteredReading(anvil.rpcUrl, Number(plan.createdBlock))
  } finally {
    await capped.close()
    await rm(folder, { recursive: true, force: true })
    await anvil.stop()
  }
}

/** The reading the watcher did before: Transfer logs of the token, unfiltered, in 2,000-block ranges. */
async function unfilteredReading(upstream: string, from: number) {
  const open = await startFaultyRpc(upstream)
  const capped = await startFaultyRpc(upstream, {
    logsLimit: { provider: 'alchemy', maxBlocks: 2000, maxResults: 10_000 },
  })
  try {
    const head = Number(await chainClients(upstream).publicClient.getBlockNumber({ cacheTime: 0 }))
    const [topic] = encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer' })
    let refusedByCap = 0
    let ranges = 0
    for (let start = from + 1; start <= head; start += 2000) {
      ranges++
      const params = [
        {
          address: DEV_USDC_ADDRESS,
          topics: [topic],
          fromBlock: numberToHex(start),
          toBlock: numberToHex(Math.min(head, start + 1999)),
        },
      ]
      for (const proxy of [open, capped]) {
        const response = await fetch(proxy.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params }),
        })
        const body = (await response.json()) as { error?: unknown }
        if (proxy === capped && body.error) refusedByCap++
      }
    }
    const { calls, bytes } = open.stats()
    console.log(
      `  before (unfiltered by payee): eth_getLogs ${calls} calls, ${mb(bytes)} received from a provider without caps; the capped provider refused ${refusedByCap} of ${ranges} ranges (the old watcher retried them forever)`,
    )
  } finally {
    await open.close()
    await capped.close()
  }
}

async function followSection() {
  const seconds = 30
  console.log(
    `\nFollowing the head: 1,000 open requests of 50 payees (40 paid in USDC, 10 in the native coin), no payments, a busy token (${NOISE_PER_BLOCK} unrelated transfers a block), Anvil 1 s blocks, ${seconds} s (goal ≤ 3 RPC calls per new block)`,
  )
  const anvil = await startTestChain(8568, { blockTime: 1 })
  const proxy = await startFaultyRpc(anvil.rpcUrl)
  const database = await createDatabase({})
  const trader = await deployBusyTrader(anvil.rpcUrl)
  let stop = false
  try {
    const head = await chainClients(anvil.rpcUrl).publicClient.getBlockNumber({ cacheTime: 0 })
    await insertRequests(database, 1000, { payees: 50, nativeShare: 0.2, createdBlock: head })
    const [chain] = activeChains({ [DEV_CHAIN_ID]: proxy.url })
    const rpcs = new Map([[DEV_CHAIN_ID, createChainRpc({ chain: chain!.chain, urls: chain!.rpcUrls })]])
    const noise = (async () => {
      while (!stop) {
        await trader.churn(NOISE_PER_BLOCK)
        await new Promise((resolve) => setTimeout(resolve, 1000))
      }
    })()
    const watchers = createWatcherWorker({ database, chains: [chain!], rpcs, logger: silentLogger, serverId: 'bench' })
    watchers.start()
    await new Promise((resolve) => setTimeout(resolve, 3000)) // caught up
    proxy.reset()
    const start = await chainClients(anvil.rpcUrl).publicClient.getBlockNumber({ cacheTime: 0 })
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
    const end = await chainClients(anvil.rpcUrl).publicClient.getBlockNumber({ cacheTime: 0 })
    const calls = proxy.stats().calls
    await watchers.stop()
    stop = true
    await noise
    const blocks = Number(end - start)
    const byMethod = [...proxy.calls].map(([method, n]) => `${method} ${(n / blocks).toFixed(2)}`).join(', ')
    console.log(`  ${(calls / blocks).toFixed(2)} calls per new block over ${blocks} blocks (${byMethod})`)
  } finally {
    stop = true
    await database.close()
    await proxy.close()
    await anvil.stop()
  }
}

async function millionSection(postgres: PostgresServer | undefined) {
  const count = 1_000_000
  console.log(
    `\nA chain with ${count.toLocaleString('en')} requests (1,000 payees): CPU per watcher pass and the watcher's memory (goal ≤ 50 ms per idle pass, RSS growth ≤ 150 MB)`,
  )
  const anvil = await startTestChain(8569)
  const folder = await mkdtemp(join(tmpdir(), 'billfold-bench-'))
  try {
    const target = postgres ? await createFreshDatabase(postgres.url) : join(folder, 'pglite')
    const database = await createDatabase(postgres ? { url: target } : { dataDir: target })
    const filling = performance.now()
    try {
      const head = await chainClients(anvil.rpcUrl).publicClient.getBlockNumber({ cacheTime: 0 })
      await insertRequests(database, count, { payees: 1000, nativeShare: 0.2, createdBlock: head })
    } finally {
      await database.close()
    }
    console.log(
      `  (${postgres ? 'PostgreSQL' : 'PGlite'} filled in ${((performance.now() - filling) / 1000).toFixed(1)} s)`,
    )
    const r = lastJson<IdlePassResult>((await runStep('bench/idlePassRun.ts', [target, anvil.rpcUrl, '20'])).stdout)
    console.log(
      `  first pass (loads the payees) ${r.firstPassMs.toFixed(0)} ms; then per pass, median of 20: a new empty block ${r.newBlockPassCpuMs.toFixed(1)} ms CPU, no new block ${r.samePassCpuMs.toFixed(1)} ms CPU; RSS ${r.rssBeforeMb.toFixed(0)} → ${r.rssAfterMb.toFixed(0)} MB (+${(r.rssAfterMb - r.rssBeforeMb).toFixed(0)} MB)`,
    )
  } finally {
    await rm(folder, { recursive: true, force: true })
    await anvil.stop()
  }
}

/** Open requests straight into the table, in one statement: `payees` payees, a share of them asking for the native coin. */
async function insertRequests(
  database: Database,
  count: number,
  { payees, nativeShare, createdBlock }: { payees: number; nativeShare: number; createdBlock: bigint },
) {
  const nativePayees = Math.round(payees * nativeShare)
  await database.db.execute(sql`
    insert into payment_requests (id, chain_id, asset, symbol, decimals, amount, payee, memo, due_at, reference, signature, created_block)
    select 'bench' || i, ${DEV_CHAIN_ID}, case when i % ${payees} < ${nativePayees} then 'native' else ${DEV_USDC_ADDRESS} end,
      case when i % ${payees} < ${nativePayees} then 'ETH' else 'USDC' end, case when i % ${payees} < ${nativePayees} then 18 else 6 end,
      1000000 + i, '0x' || lpad(to_hex(${0xbeef0000}::bigint + i % ${payees}), 40, '0'), '', now() + interval '30 days',
      '0x' || md5('bench' || i), '0x', ${createdBlock}
    from generate_series(1, ${count}) as i`)
}

// One backfill step in a process of its own: `prepare` stores the requests; `index` reopens the
// database as a restarted server would and times the watcher, so its peak memory is the indexing's.
// Usage: node --import tsx bench/backfillRun.ts prepare|index <plan.json> <PGlite folder | postgres url> [rpc url, default the plan's]
import { lineLogger } from '../src/domain/logger.ts'
import { readFile } from 'node:fs/promises'
import { count } from 'drizzle-orm'
import { createChainRpc } from '../src/chain/rpc/chainRpc.ts'
import { activeChains, DEV_CHAIN_ID } from '../src/chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { createChainWatcher } from '../src/watcher/watchChain.ts'
import { createDatabase } from '../src/db/createDatabase.ts'
import { paymentRequests, payments, unmatchedTransfers } from '../src/db/schema.ts'
import type { BackfillPlan } from './backfillChain.ts'

export type BackfillResult = {
  payments: number
  unmatched: number
  seconds: number
  baselineRssMb: number
  peakRssMb: number
}

const [step, planFile, target, rpcUrl] = process.argv.slice(2)
const plan = JSON.parse(await readFile(planFile!, 'utf8')) as BackfillPlan
const database = await createDatabase(target!.startsWith('postgres') ? { url: target } : { dataDir: target })
try {
  if (step === 'prepare') await storeRequests()
  else await index()
} finally {
  await database.close()
}

async function storeRequests() {
  const dueAt = new Date(Date.now() + 86_400_000)
  for (let i = 0; i < plan.requests.length; i += 1000) {
    await database.db.insert(paymentRequests).values(
      plan.requests.slice(i, i + 1000).map((request, j) => ({
        id: `backfill${String(i + j).padStart(8, '0')}`,
        chainId: DEV_CHAIN_ID,
        asset: DEV_USDC_ADDRESS,
        symbol: 'USDC',
        decimals: 6,
        amount: plan.amount,
        payee: request.payee,
        memo: '',
        dueAt,
        reference: request.reference,
        signature: '0x',
        createdBlock: BigInt(plan.createdBlock),
      })),
    )
  }
}

async function index() {
  const [chain] = activeChains({ [DEV_CHAIN_ID]: rpcUrl ?? plan.rpcUrl })
  const watcher = createChainWatcher({
    database,
    chain: chain!,
    rpc: createChainRpc({ chain: chain!.chain, urls: chain!.rpcUrls }),
    logger: lineLogger((line) => console.error(line)),
  })
  globalThis.gc?.()
  const baselineRssMb = process.memoryUsage().rss / 2 ** 20
  const started = performance.now()
  for (let failures = 0; ;) {
    const outcome = await watcher.runOnce()
    if (outcome.failed && ++failures > 5) throw new Error('watcher passes keep failing (see the lines above)')
    if (outcome.caughtUp && !outcome.failed) break
  }
  const seconds = (performance.now() - started) / 1000
  const [row] = await database.db.select({ n: count() }).from(payments)
  const [unmatched] = await database.db.select({ n: count() }).from(unmatchedTransfers)
  const result: BackfillResult = {
    payments: row!.n,
    unmatched: unmatched!.n,
    seconds,
    baselineRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }
  console.log(JSON.stringify(result))
}

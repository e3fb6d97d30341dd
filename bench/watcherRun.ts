import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startTestChain } from '../testing/testChain.ts'
import { createFreshDatabase, postgresUnavailableReason, startPostgresServer } from '../testing/postgresServer.ts'
import { buildBackfillChain } from './backfillChain.ts'
import type { BackfillResult } from './backfillRun.ts'

const PAYMENTS = 10_000
const BLOCKS = 5_000

/** Stores the plan's requests, then indexes them in a fresh process; `database` is a PGlite folder or a PostgreSQL URL. */
async function backfill(planFile: string, database: string): Promise<BackfillResult> {
  const step = (name: string) => promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/backfillRun.ts', name, planFile, database], { maxBuffer: 1 << 20 })
  await step('prepare')
  const { stdout } = await step('index')
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as BackfillResult
}

const line = (name: string, r: BackfillResult) =>
  `  ${name.padEnd(11)} ${r.payments} payments in ${r.seconds.toFixed(2)} s = ${Math.round(r.payments / r.seconds)} payments/s   peak RSS ${r.peakRssMb.toFixed(0)} MB (${r.baselineRssMb.toFixed(0)} MB before indexing)`

/** Watcher backfill from an empty cursor, on PGlite and on PostgreSQL. */
export async function runWatcherBenchmarks() {
  console.log(`\nWatcher backfill: ${PAYMENTS.toLocaleString('en')} matching USDC payments over ${BLOCKS.toLocaleString('en')} blocks on Anvil, from an empty cursor (goal ≥ 2,000 payments/s)`)
  const anvil = await startTestChain(8567)
  const folder = await mkdtemp(join(tmpdir(), 'billfold-bench-'))
  try {
    const planFile = join(folder, 'plan.json')
    const building = performance.now()
    const { blocks } = await buildBackfillChain(anvil.rpcUrl, planFile, { payments: PAYMENTS, perBlock: PAYMENTS / BLOCKS })
    console.log(`  (chain of ${blocks} blocks built in ${((performance.now() - building) / 1000).toFixed(1)} s)`)
    console.log(line('PGlite', await backfill(planFile, join(folder, 'pglite'))))
    const reason = postgresUnavailableReason()
    if (reason) console.log(`  PostgreSQL SKIPPED: ${reason}`)
    else {
      const postgres = await startPostgresServer()
      try {
        console.log(line('PostgreSQL', await backfill(planFile, await createFreshDatabase(postgres.url))))
      } finally {
        await postgres.stop()
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
    await anvil.stop()
  }
}

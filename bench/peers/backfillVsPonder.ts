import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_CHAIN_ID } from '../../src/chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../../src/chain/tokens.ts'
import { startFaultyRpc } from '../../testing/faultyRpc.ts'
import { createFreshDatabase, type PostgresServer } from '../../testing/postgresServer.ts'
import { startTestChain } from '../../testing/testChain.ts'
import { buildBackfillChain, type BackfillPlan } from '../backfillChain.ts'
import type { BackfillResult } from '../backfillRun.ts'
import { lastJson, mb, runStep } from '../benchProcess.ts'
import { ratio } from '../stats.ts'
import { startPonder } from './ponder.ts'

// The watcher bench's busy chain; PEERS_SCALE=0.1 runs the same proportions on a tenth of it.
const SCALE = Number(process.env.PEERS_SCALE ?? 1)
const BLOCKS = Math.round(5_000 * SCALE)
const PAYMENTS = 2 * BLOCKS
const NOISE_PER_BLOCK = 200
const DIRECT_PER_BLOCK = 2

const byMethod = (calls: Map<string, number>) =>
  [...calls]
    .sort(([, a], [, b]) => b - a)
    .map(([method, n]) => `${method} ${n}`)
    .join(', ')

/** The watcher bench's backfill, by Billfold's watcher and by a minimal Ponder app, through the same provider. */
export async function backfillAgainstPonder(postgres: PostgresServer | undefined) {
  console.log(
    `\nBackfill against Ponder: ${PAYMENTS.toLocaleString('en')} payments and ${(BLOCKS * DIRECT_PER_BLOCK).toLocaleString('en')} other transfers to the same ${7} payees among ${(BLOCKS * NOISE_PER_BLOCK).toLocaleString('en')} unrelated transfers of the token over ${BLOCKS.toLocaleString('en')} blocks, read through a provider that caps eth_getLogs at 2,000 blocks and 10,000 results (goal: Billfold ≥ 2× faster, ≤ 0.5× the bytes)`,
  )
  const anvil = await startTestChain(8571, { extraArgs: ['--prune-history'] })
  const folder = await mkdtemp(join(tmpdir(), 'billfold-peers-'))
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
    const plan = JSON.parse(await readFile(planFile, 'utf8')) as BackfillPlan
    const payees = [...new Set(plan.requests.map((r) => r.payee))]

    const databases: [string, () => Promise<string>][] = [
      ['PGlite', async () => join(folder, `pglite-${Math.random()}`)],
    ]
    if (postgres) databases.push(['PostgreSQL', () => createFreshDatabase(postgres.url)])
    for (const [name, database] of databases) {
      const target = await database()
      await runStep('bench/backfillRun.ts', ['prepare', planFile, target])
      capped.reset()
      const ours = lastJson<BackfillResult>(
        (await runStep('bench/backfillRun.ts', ['index', planFile, target, capped.url])).stdout,
      )
      const ourRpc = capped.stats()
      const ourMethods = byMethod(capped.calls)

      capped.reset()
      const ponderTarget = await database()
      const ponder = await startPonder({
        rpcUrl: capped.url,
        chainId: DEV_CHAIN_ID,
        token: DEV_USDC_ADDRESS,
        payees,
        startBlock: BigInt(plan.createdBlock),
        database: ponderTarget.startsWith('postgres') ? { url: ponderTarget } : { pgliteDirectory: ponderTarget },
      })
      // Ponder's /ready comes once the finalized blocks are indexed; the rest follow from its realtime sync.
      const doneAt = await ponder.indexed(ours.payments + ours.unmatched, 120_000)
      const theirRpc = capped.stats()
      const theirMethods = byMethod(capped.calls)
      const firstCall = capped.arrivals[0] ?? ponder.startedAt
      const theirSeconds = (doneAt - firstCall) / 1000
      const theirPeak = ponder.peakRssMb()
      const indexed = await ponder.transfers()
      await ponder.stop()

      const line = (who: string, seconds: number, rpc: typeof ourRpc, peak: number, extra = '') =>
        `    ${who.padEnd(9)} ${seconds.toFixed(2).padStart(7)} s   ${String(rpc.calls).padStart(6)} RPC calls (${rpc.refused} refused)   ${mb(rpc.bytes).padStart(9)} received   peak RSS ${peak.toFixed(0)} MB${extra}`
      console.log(`  ${name}`)
      console.log(
        line(
          'Billfold',
          ours.seconds,
          ourRpc,
          ours.peakRssMb,
          `   (${ours.payments} payments + ${ours.unmatched} unmatched)`,
        ),
      )
      console.log(
        line(
          'Ponder',
          theirSeconds,
          theirRpc,
          theirPeak,
          `   (${indexed} transfers; first RPC call to the last transfer indexed, /ready after ${((ponder.readyAt - firstCall) / 1000).toFixed(2)} s, ${((ponder.readyAt - ponder.startedAt) / 1000).toFixed(2)} s from its start)`,
        ),
      )
      console.log(`    calls: Billfold ${ourMethods}; Ponder ${theirMethods}`)
      console.log(
        `    Billfold/Ponder: time ${ratio(ours.seconds, theirSeconds)}, calls ${ratio(ourRpc.calls, theirRpc.calls)}, bytes ${ratio(ourRpc.bytes, theirRpc.bytes)}, peak memory ${ratio(ours.peakRssMb, theirPeak)}`,
      )
    }
  } finally {
    await capped.close()
    await rm(folder, { recursive: true, force: true })
    await anvil.stop()
  }
}

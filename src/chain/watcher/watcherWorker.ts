import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import type { Database } from '../../db/createDatabase.ts'
import type { ActiveChain } from '../chains.ts'
import type { ChainRpc } from '../rpc/chainRpc.ts'
import { announceChanges } from './announce.ts'
import { createChainWatcher } from './watchChain.ts'

// Advisory lock keys, one per chain: whichever server holds it runs that chain's watcher.
const LOCK_BASE = 4_242_100_000
const RETRY_LEADERSHIP_MS = 5000

/**
 * A watcher per chain, run while this server holds the chain's lock (so each chain is watched by one
 * server at a time), announcing every change through the database.
 */
export function createWatcherWorker({
  database,
  chains,
  rpcs,
  log,
}: {
  database: Database
  chains: readonly ActiveChain[]
  rpcs: ReadonlyMap<number, ChainRpc>
  log: (line: string) => void
}) {
  let stopped = false
  const sleepers = new Set<() => void>()
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        sleepers.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      sleepers.add(wake)
    })

  // Per chain: whether this server runs its watcher now, and when its last pass ended.
  const state = new Map(chains.map((chain) => [chain.chain.id, { leading: false, lastPassAt: 0 }]))

  const watchChainWhileLeading = async (chain: ActiveChain) => {
    const watcher = createChainWatcher({ database, chain, rpc: rpcs.get(chain.chain.id)!, log })
    const mine = state.get(chain.chain.id)!
    while (!stopped) {
      const lock = await database.tryLock(LOCK_BASE + chain.chain.id).catch(() => null)
      if (!lock) {
        await sleep(RETRY_LEADERSHIP_MS)
        continue
      }
      mine.leading = true
      mine.lastPassAt = Date.now()
      let failures = 0
      try {
        while (!stopped) {
          let wait = chain.pollingIntervalMs
          try {
            // The pass reports its own RPC failures (chain health); what reaches here is the database's.
            const outcome = await watcher.runOnce()
            await announceChanges(database, outcome.changed)
            failures = outcome.failed ? failures + 1 : 0
            if (!outcome.caughtUp && !outcome.failed)
              wait = 0 // a backfill: straight on
            // On a chain with a steady block time, the next block is not due before then: polling sooner
            // would only spend the provider's quota (providers bill per call).
            else if (outcome.newHead && outcome.blockIntervalMs !== undefined)
              wait = Math.max(wait, outcome.blockIntervalMs - wait / 2)
          } catch (error) {
            failures++
            log(
              `[watcher] chain ${chain.chain.id}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
            )
          }
          mine.lastPassAt = Date.now()
          // Back off on repeated failures (an RPC down), up to a minute.
          if (failures > 0) wait = Math.min(chain.pollingIntervalMs * 2 ** Math.min(failures, 8), 60_000)
          if (wait > 0) await sleep(wait)
        }
      } finally {
        mine.leading = false
        await lock.release()
      }
    }
  }

  let loops: Promise<void>[] = []
  const stop = async () => {
    stopped = true
    for (const wake of [...sleepers]) wake()
    await Promise.all(loops)
  }
  return {
    name: 'chain watchers',
    start() {
      loops = chains.map(watchChainWhileLeading)
    },
    /** A pass in progress finishes and is written (one transaction per batch), never cut. */
    drain: stop,
    stop,
    /** The chains whose watcher runs in this server, with when its last pass ended (ms since the epoch). */
    leading: () =>
      [...state].filter(([, s]) => s.leading).map(([chainId, s]) => ({ chainId, lastPassAt: s.lastPassAt })),
  } satisfies BackgroundWorker & { leading(): unknown }
}

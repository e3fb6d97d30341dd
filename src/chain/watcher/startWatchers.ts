import type { PublicClient } from 'viem'
import type { Database } from '../../db/createDatabase.ts'
import { REQUEST_UPDATED_CHANNEL } from '../../db/notificationChannels.ts'
import type { ActiveChain } from '../chains.ts'
import { createChainWatcher } from './watchChain.ts'

// Advisory lock keys, one per chain: whichever server holds it runs that chain's watcher.
const LOCK_BASE = 4_242_100_000
const RETRY_LEADERSHIP_MS = 5000

/** Runs a watcher per chain while this server holds its lock, announcing every change through the database. */
export function startWatchers({
  database,
  chains,
  clients,
  log,
}: {
  database: Database
  chains: readonly ActiveChain[]
  clients: ReadonlyMap<number, PublicClient>
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

  const loops = chains.map(async (chain) => {
    const watcher = createChainWatcher({ database, chain, client: clients.get(chain.chain.id)! })
    while (!stopped) {
      const lock = await database.tryLock(LOCK_BASE + chain.chain.id).catch(() => null)
      if (!lock) {
        await sleep(RETRY_LEADERSHIP_MS)
        continue
      }
      let failures = 0
      try {
        while (!stopped) {
          try {
            await database.notify(REQUEST_UPDATED_CHANNEL, await watcher.runOnce())
            failures = 0
          } catch (error) {
            failures++
            log(`[watcher ${chain.chain.id}] ${error instanceof Error ? error.message : String(error)}`)
          }
          // Back off on repeated failures (an RPC down), up to a minute.
          await sleep(Math.min(chain.pollingIntervalMs * 2 ** Math.min(failures, 8), 60_000))
        }
      } finally {
        await lock.release()
      }
    }
  })

  return {
    async stop() {
      stopped = true
      for (const wake of [...sleepers]) wake()
      await Promise.all(loops)
    },
  }
}

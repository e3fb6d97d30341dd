import type { BackgroundWorker } from '../domain/backgroundWorker.ts'
import { LockLostError, type Database, type Db, type HeldLock } from '../db/createDatabase.ts'
import type { ActiveChain } from '../chain/chains.ts'
import type { ChainRpc } from '../chain/rpc/chainRpc.ts'
import { beat, forget } from '../db/serverHeartbeats.ts'
import { createChainWatcher } from './watchChain.ts'

// Advisory lock keys, one per chain: whichever server holds it runs that chain's watcher.
const LOCK_BASE = 4_242_100_000

export type LeaseSettings = {
  /** How often this server says it is alive. */
  beatMs: number
  /** A server silent for this long is gone: the others share its chains. */
  aliveMs: number
  /** How often a server under its share tries for a chain nobody holds. */
  retryMs: number
}
const LEASES: LeaseSettings = { beatMs: 1000, aliveMs: 6000, retryMs: 2000 }

/**
 * A watcher per chain, run while this server holds the chain's lock (so each chain is watched by one
 * server at a time); what they write reaches live views through the change journal. The servers share the chains:
 * each beats in `server_heartbeats`, takes chains only while it runs fewer than its fair share
 * (the chains over the servers alive, rounded up), and hands its highest chain back when it runs
 * more (a server joined). A server that dies loses its locks with its connection; within `aliveMs`
 * the others' shares grow and they take its chains.
 */
export function createWatcherWorker({
  database,
  chains,
  rpcs,
  log,
  serverId,
  leases: leaseOverrides = {},
}: {
  database: Database
  chains: readonly ActiveChain[]
  rpcs: ReadonlyMap<number, ChainRpc>
  log: (line: string) => void
  /** This server's name in `server_heartbeats` and on /readyz. */
  serverId: string
  leases?: Partial<LeaseSettings>
}) {
  const leases = { ...LEASES, ...leaseOverrides }
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
  const watching = () => [...state].filter(([, s]) => s.leading).map(([chainId]) => chainId)
  // Alone until the first beat says otherwise.
  let share = chains.length
  const beatLoop = async () => {
    while (!stopped) {
      try {
        const { alive } = await beat(database.db, serverId, watching(), leases.aliveMs)
        share = Math.ceil(chains.length / alive)
      } catch (error) {
        log(`[watcher] heartbeat failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
      }
      await sleep(leases.beatMs)
    }
  }
  /** Over its share, a server hands back its highest chain first (the others agree on which). */
  const shouldHandBack = (chainId: number) => {
    const mine = watching()
    return mine.length > share && Math.max(...mine) === chainId
  }

  const watchChainWhileLeading = async (chain: ActiveChain) => {
    const key = LOCK_BASE + chain.chain.id
    let lock: HeldLock | null = null
    // Every write transaction checks the lock is still this server's: two servers never both write a chain.
    const fence = async (tx: Db) => {
      if (!lock) throw new LockLostError(key)
      await lock.fence(tx)
    }
    const watcher = createChainWatcher({ database, chain, rpc: rpcs.get(chain.chain.id)!, log, fence })
    const mine = state.get(chain.chain.id)!
    while (!stopped) {
      lock = watching().length < share ? await database.tryLock(key).catch(() => null) : null
      if (!lock) {
        await sleep(leases.retryMs)
        continue
      }
      mine.leading = true
      mine.lastPassAt = Date.now()
      let failures = 0
      try {
        while (!stopped) {
          // The lock lives on its own connection: a failover ends that session, and another server may now hold it.
          if (!(await lock.held())) {
            log(`[watcher] chain ${chain.chain.id}: lost its lock (the database connection went); taking it again`)
            break
          }
          let wait = chain.pollingIntervalMs
          try {
            // The pass reports its own RPC failures (chain health); what reaches here is the database's.
            const outcome = await watcher.runOnce()
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
          if (shouldHandBack(chain.chain.id)) {
            log(
              `[watcher] chain ${chain.chain.id}: handed to another server (this one runs more than its share, ${share})`,
            )
            break
          }
          // Back off on repeated failures (an RPC down), up to a minute.
          if (failures > 0) wait = Math.min(chain.pollingIntervalMs * 2 ** Math.min(failures, 8), 60_000)
          if (wait > 0) await sleep(wait)
        }
      } finally {
        mine.leading = false
        await lock.release()
        lock = null
      }
      // Handed back: give the servers under their share time to take it.
      await sleep(leases.retryMs * 2)
    }
  }

  let loops: Promise<void>[] = []
  const stop = async () => {
    stopped = true
    for (const wake of [...sleepers]) wake()
    await Promise.all(loops)
    await forget(database.db, serverId).catch(() => {})
  }
  return {
    name: 'chain watchers',
    start() {
      loops = [beatLoop(), ...chains.map(watchChainWhileLeading)]
    },
    /** A pass in progress finishes and is written (one transaction per batch), never cut. */
    drain: stop,
    stop,
    /** The chains whose watcher runs in this server, with when its last pass ended (ms since the epoch). */
    serverId,
    leading: () =>
      [...state].filter(([, s]) => s.leading).map(([chainId, s]) => ({ chainId, lastPassAt: s.lastPassAt })),
  } satisfies BackgroundWorker & { leading(): unknown; serverId: string }
}

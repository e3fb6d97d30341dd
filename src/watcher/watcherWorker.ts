import { systemClock, type Clock } from '../domain/clock.ts'
import type { Logger } from '../domain/logger.ts'
import { periodicTask } from '../domain/periodicTask.ts'
import { LockLostError, type Database, type Db, type HeldLock } from '../db/createDatabase.ts'
import type { ActiveChain } from '../chain/chains.ts'
import type { ChainRpc } from '../chain/rpc/chainRpc.ts'
import { beat, forget } from '../db/serverHeartbeats.ts'
import { followHeads } from './read/followHeads.ts'
import { createChainWatcher } from './watchChain.ts'
import type { BackgroundWorker } from '../domain/backgroundWorker.ts'

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

const firstLine = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error))

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
  logger,
  serverId,
  leases: leaseOverrides = {},
  clock = systemClock,
}: {
  database: Database
  chains: readonly ActiveChain[]
  rpcs: ReadonlyMap<number, ChainRpc>
  logger: Logger
  /** This server's name in `server_heartbeats` and on /readyz. */
  serverId: string
  leases?: Partial<LeaseSettings> | undefined
  clock?: Clock
}) {
  const leases = { ...LEASES, ...leaseOverrides }
  // Per chain: whether this server runs its watcher now, and when its last pass ended.
  const state = new Map(chains.map((chain) => [chain.chain.id, { leading: false, lastPassAt: 0 }]))
  const watching = () => [...state].filter(([, s]) => s.leading).map(([chainId]) => chainId)
  // Alone until the first beat says otherwise.
  let share = chains.length
  const heartbeat = periodicTask({
    name: 'heartbeat',
    everyMs: leases.beatMs,
    run: async () => {
      const { alive } = await beat(database.db, serverId, watching(), leases.aliveMs)
      share = Math.ceil(chains.length / alive)
    },
    onError: (error) => logger.warn(`[watcher] heartbeat failed: ${firstLine(error)}`),
    clock,
  })
  /** Over its share, a server hands back its highest chain first (the others agree on which). */
  const shouldHandBack = (chainId: number) => {
    const mine = watching()
    return mine.length > share && Math.max(...mine) === chainId
  }
  const leaders = chains.map((chain) =>
    leadChain(
      chain,
      { database, rpc: rpcs.get(chain.chain.id)!, logger, clock, leases },
      {
        mine: state.get(chain.chain.id)!,
        underShare: () => watching().length < share,
        shouldHandBack: () => shouldHandBack(chain.chain.id),
        share: () => share,
      },
    ),
  )

  const stop = async () => {
    await Promise.all([heartbeat.stop(), ...leaders.map((leader) => leader.stop())])
    await forget(database.db, serverId).catch(() => {})
  }
  return {
    name: 'chain watchers',
    start() {
      heartbeat.start()
      for (const leader of leaders) leader.start()
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

/**
 * One chain's watcher as a periodic task: each pass takes the chain's lock if this server is under
 * its share (or waits `retryMs`), then runs one watcher pass while the lock holds; it lets go when
 * the lock is lost, when the chain is handed back, and when the worker stops.
 */
function leadChain(
  chain: ActiveChain,
  parts: { database: Database; rpc: ChainRpc; logger: Logger; clock: Clock; leases: LeaseSettings },
  share: {
    mine: { leading: boolean; lastPassAt: number }
    underShare(): boolean
    shouldHandBack(): boolean
    share(): number
  },
): BackgroundWorker {
  const { database, clock, leases } = parts
  const chainId = chain.chain.id
  const logger = parts.logger.child({ chainId })
  const key = LOCK_BASE + chainId
  let lock: HeldLock | null = null
  // Every write transaction checks the lock is still this server's: two servers never both write a chain.
  const fence = async (tx: Db) => {
    if (!lock) throw new LockLostError(key)
    await lock.fence(tx)
  }
  const heads = followHeads({ chain: chain.chain, wsUrl: chain.wsUrl, logger })
  const watcher = createChainWatcher({ database, chain, rpc: parts.rpc, logger, fence, heads })
  const { mine } = share
  let failures = 0
  const letGo = async () => {
    if (!lock) return
    mine.leading = false
    const held = lock
    lock = null
    await held.release()
  }
  const pass = async (signal: AbortSignal) => {
    if (!lock) {
      lock = share.underShare() ? await database.tryLock(key).catch(() => null) : null
      if (!lock) return leases.retryMs
      mine.leading = true
      mine.lastPassAt = clock.now()
      failures = 0
    }
    // The lock lives on its own connection: a failover ends that session, and another server may now hold it.
    if (!(await lock.held())) {
      logger.warn(`[watcher] chain ${chainId}: lost its lock (the database connection went); taking it again`)
      await letGo()
      return leases.retryMs * 2
    }
    let wait = chain.pollingIntervalMs
    try {
      // The pass reports its own RPC failures (chain health); what reaches here is the database's.
      const outcome = await watcher.runOnce()
      failures = outcome.failed ? failures + 1 : 0
      if (!outcome.caughtUp && !outcome.failed)
        wait = 0 // a backfill: straight on
      // The next block is not due before then: polling sooner would only spend the provider's quota
      // (providers bill per call). While heads are pushed, a poll comes only when one is overdue.
      else
        wait = heads.live()
          ? outcome.nextPollMs + (outcome.blockIntervalMs ?? 4 * chain.pollingIntervalMs)
          : outcome.nextPollMs
    } catch (error) {
      failures++
      logger.warn(`[watcher] chain ${chainId}: ${firstLine(error)}`)
    }
    mine.lastPassAt = clock.now()
    if (share.shouldHandBack()) {
      logger.info(
        `[watcher] chain ${chainId}: handed to another server (this one runs more than its share, ${share.share()})`,
      )
      await letGo()
      // Give the servers under their share time to take it.
      return leases.retryMs * 2
    }
    // Back off on repeated failures (an RPC down), up to a minute.
    if (failures > 0) return Math.min(chain.pollingIntervalMs * 2 ** Math.min(failures, 8), 60_000)
    // A pushed head ends the wait at once.
    await heads.wait(wait, signal, clock)
    return 0
  }
  const task = periodicTask({
    name: `chain ${chainId}`,
    everyMs: leases.retryMs,
    run: pass,
    onError: (error) => logger.warn(`[watcher] chain ${chainId}: ${firstLine(error)}`),
    clock,
  })
  const stop = async () => {
    await task.stop()
    heads.stop()
    await letGo()
  }
  return { name: task.name, start: task.start, drain: stop, stop }
}

import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import type { Db, ReplicaStatus } from './database.ts'
import { pollEvery } from './pollEvery.ts'
import { hostsOf } from './postgresUrl.ts'
import { lsnValue, type PrimaryWatch } from './primaryWatch.ts'
import * as schema from './schema.ts'

/** A replica further behind than this serves no reads until it catches up: "a moment behind" is seconds, not minutes. */
export const REPLICA_MAX_STALENESS_MS = 5000
const LOOK_EVERY_MS = 200

type Replica = {
  host: string
  db: Db
  client: postgres.Sql
  healthy: boolean
  replayed: bigint | null
  /** As of the last look: reads compare it, they do not compute it. */
  stalenessMs: number
}

/**
 * Reads that may be a moment behind go to the streaming replicas (DATABASE_REPLICA_URL): each is
 * asked every 200 ms how far it has applied the primary's log. A reader who just wrote carries the
 * log position of that write (its cookie) and reads from a replica only once that replica has
 * applied it, else from the primary: people always see their own changes.
 */
export function createReplicaReads(urls: readonly string[], primary: PrimaryWatch, poolSize: number) {
  const replicas: Replica[] = urls.map((url) => {
    const client = postgres(url, { max: poolSize, onnotice: () => {} })
    return {
      host: hostsOf(url),
      client,
      db: drizzlePostgres(client, { schema }) as unknown as Db,
      healthy: false,
      replayed: null,
      stalenessMs: 0,
    }
  })
  let next = 0

  /** How old the oldest primary write the replica lacks is; a replica that is not in recovery (promoted) lacks none. */
  const stalenessOf = (replayed: bigint | null, now: number) => {
    if (replayed === null) return 0
    const missing = primary.samples().find((s) => s.lsn > replayed)
    return missing ? now - missing.at : 0
  }

  async function look() {
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          const [row] = await replica.client<{ replayed: string | null }[]>`
            select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as replayed`
          replica.replayed = row?.replayed ? lsnValue(row.replayed) : null
          replica.stalenessMs = stalenessOf(replica.replayed, Date.now())
          replica.healthy = true
        } catch {
          replica.healthy = false
        }
      }),
    )
  }
  const polling = pollEvery(LOOK_EVERY_MS, look)

  return {
    /**
     * Where a read that may be a moment behind goes: a replica that is up, at most a few seconds
     * behind and past `writtenAt` (the reader's own last write), in turn; else the primary.
     */
    reader(primaryDb: Db, writtenAt: bigint | undefined): Db {
      for (let i = 0; i < replicas.length; i++) {
        const replica = replicas[(next + i) % replicas.length]!
        if (!replica.healthy || replica.stalenessMs > REPLICA_MAX_STALENESS_MS) continue
        if (writtenAt !== undefined && replica.replayed !== null && replica.replayed < writtenAt) continue
        next = (next + i + 1) % replicas.length
        return replica.db
      }
      return primaryDb
    },
    status: (): ReplicaStatus[] => replicas.map(({ host, healthy, stalenessMs }) => ({ host, healthy, stalenessMs })),
    async close() {
      polling.stop()
      await Promise.all(replicas.map((r) => r.client.end({ timeout: 1 })))
    },
  }
}

export type ReplicaReads = ReturnType<typeof createReplicaReads>

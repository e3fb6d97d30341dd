import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { sql } from 'drizzle-orm'
import {
  DatabaseStartError,
  LockLostError,
  LSN_PATTERN,
  migrationsFolder,
  notifyAll,
  type Database,
  type Db,
} from './database.ts'
import { applyFunctions } from './applyFunctions.ts'
import { createNotificationListener } from './notificationListener.ts'
import { lsnValue, watchPrimary } from './primaryWatch.ts'
import { createReplicaReads } from './replicaReads.ts'
import * as schema from './schema.ts'
import { lineLogger, type Logger } from '../domain/logger.ts'

// Any fixed number works; it only has to be the same for every server migrating this database.
const MIGRATION_LOCK_KEY = 4_242_001
const LOCK_CHECK_TIMEOUT_MS = 3000

/**
 * PostgreSQL at `url`, which may name several hosts (`target_session_attrs=read-write` picks the
 * writable one, and after a failover the promoted one), with reads that may lag on `replicaUrls`.
 */
export async function openPostgres(
  url: string,
  {
    poolSize,
    replicaUrls = [],
    logger = lineLogger(console.error),
  }: { poolSize: number; replicaUrls?: readonly string[]; logger?: Logger },
): Promise<Database> {
  // Several servers may start at once: one migrates while the others wait on the advisory lock.
  const migrator = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`
    await migratePostgres(drizzlePostgres(migrator), { migrationsFolder })
    await applyFunctions(drizzlePostgres(migrator) as unknown as Db)
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`
  } catch (cause) {
    throw new DatabaseStartError(`PostgreSQL at ${redact(url)} could not be migrated`, cause)
  } finally {
    await migrator.end()
  }
  const client = postgres(url, { max: poolSize, onnotice: () => {} })
  const db = drizzlePostgres(client, { schema }) as unknown as Db
  const listener = createNotificationListener(url, logger)
  const primary = watchPrimary(client)
  const replicas = replicaUrls.length ? createReplicaReads(replicaUrls, primary, poolSize) : undefined
  return {
    db,
    kind: 'postgresql',
    reads: (writtenAt) =>
      replicas ? replicas.reader(db, writtenAt && LSN_PATTERN.test(writtenAt) ? lsnValue(writtenAt) : undefined) : db,
    writeMark: async () => {
      if (!replicas) return undefined
      const [row] = await client<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`
      return row!.lsn
    },
    status: () => ({ primary: primary.status(), replicas: replicas?.status() ?? [] }),
    listen: (channel, onPayload, onGap) => listener.listen(channel, onPayload, onGap),
    notify: (channel, payloads) => notifyAll(db, channel, payloads),
    tryLock: async (key) => {
      const connection = await client.reserve()
      const [row] = await connection<{ locked: boolean; pid: number }[]>`
        select pg_try_advisory_lock(${key}) as locked, pg_backend_pid() as pid`
      if (!row?.locked) {
        connection.release()
        return null
      }
      // Whether the lock's own session (by its backend pid) still holds it, as seen by whoever asks:
      // after a failover the new primary knows no lock of the old session.
      const stillHeld = async (asker: Db) => {
        const [still] = (await asker.execute(sql`
          select exists(select 1 from pg_locks where locktype = 'advisory' and granted and pid = ${row.pid}
            and ((classid::bigint << 32) | objid::bigint) = ${key}) as held`)) as unknown as { held: boolean }[]
        return still?.held ?? false
      }
      return {
        fence: async (tx) => {
          if (!(await stillHeld(tx))) throw new LockLostError(key)
        },
        held: async () => {
          let timer: NodeJS.Timeout | undefined
          // A database that cannot answer in time: the lock is worth nothing meanwhile.
          const late = new Promise<never>((_, reject) => (timer = setTimeout(reject, LOCK_CHECK_TIMEOUT_MS)))
          try {
            return await Promise.race([stillHeld(db), late])
          } catch {
            return false
          } finally {
            clearTimeout(timer)
          }
        },
        release: async () => {
          await connection`select pg_advisory_unlock(${key})`.catch(() => undefined)
          connection.release()
        },
      }
    },
    close: async () => {
      primary.stop()
      // Bounded: a connection that died mid-failover may never say it ended.
      await Promise.all([replicas?.close(), listener.close(), client.end({ timeout: 5 })])
    },
  }
}

/** The URL without its password, for messages; several hosts are kept as they are. */
export function redact(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@]*@/i, '$1:***@')
}

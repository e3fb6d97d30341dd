import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { BaseError } from '../domain/baseError.ts'
import type { PrimaryStatus } from './primaryWatch.ts'
import type * as schema from './schema.ts'

/** `pg_lsn`'s text form, as a mark travels in a cookie. */
export const LSN_PATTERN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** A lock this server holds until it releases it or loses its connection. */
export type HeldLock = {
  /** Whether the lock is still this server's: false once its connection went (a crash, a failover). */
  held(): Promise<boolean>
  /**
   * Throws LockLostError inside `tx` unless this lock's own session still holds it there: a write
   * committed under it is the lock holder's, even across a failover (the new primary knows no lock
   * of the old session).
   */
  fence(tx: Db): Promise<void>
  release(): Promise<void>
}

export class LockLostError extends BaseError {
  override name = 'LockLostError'
  constructor(key: number) {
    super({
      code: 'LOCK_LOST',
      shortMessage: 'This server no longer holds the lock it writes under.',
      details: `advisory lock ${key}`,
    })
  }
}

export type DatabaseStatus = {
  /** The writable server (PostgreSQL only): which host, and the last time it was out of reach. */
  primary: PrimaryStatus | null
  replicas: ReplicaStatus[]
}

export type Database = {
  db: Db
  kind: 'pglite' | 'postgresql'
  /**
   * The database for a read that may be a moment behind: a replica (DATABASE_REPLICA_URL) that has
   * applied `writtenAt`, the reader's own last write (see `writeMark`), else the primary.
   */
  reads(writtenAt?: string): Db
  /** Where the primary's log is now: what the writer's next reads must see. Undefined without replicas. */
  writeMark(): Promise<string | undefined>
  status(): DatabaseStatus
  /**
   * Hears NOTIFY on a channel, from this server or any other using the same database. `onGap` is
   * called when a lost connection is back, since notices sent meanwhile are lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<void>
  /** Sends each payload on the channel, all in one statement. */
  notify(channel: string, payloads: readonly string[]): Promise<void>
  /**
   * Holds a PostgreSQL advisory lock on its own connection until released, or null when another
   * server holds it: how one watcher per chain is elected. PGlite is one process, so it always wins.
   */
  tryLock(key: number): Promise<HeldLock | null>
  close(): Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

// One round trip however many: a watcher pass that expires thousands of requests announces them all.
export async function notifyAll(db: Db, channel: string, payloads: readonly string[]) {
  if (payloads.length > 0)
    await db.execute(
      sql`select pg_notify(${channel}, value) from json_array_elements_text(${JSON.stringify(payloads)}::json)`,
    )
}

export class DatabaseStartError extends BaseError {
  override name = 'DatabaseStartError'
  constructor(details: string, cause?: unknown) {
    super({ code: 'DATABASE_START_FAILED', shortMessage: 'The database could not be opened.', details, cause })
  }
}

/** A read replica as the health page shows it. */
export type ReplicaStatus = {
  /** host:port, without credentials. */
  host: string
  healthy: boolean
  /** How old the oldest write it has not applied yet is (0 when it has them all), in ms. */
  stalenessMs: number
}

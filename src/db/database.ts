import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { BaseError } from '../domain/baseError.ts'
import type * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** A lock this server holds until it releases it or loses its connection. */
export type HeldLock = { release(): Promise<void> }

export type Database = {
  db: Db
  kind: 'pglite' | 'postgresql'
  /** Hears NOTIFY on a channel, from this server or any other using the same database. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>
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

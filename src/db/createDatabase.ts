import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { BaseError } from '../domain/baseError.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

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
  tryLock(key: number): Promise<{ release(): Promise<void> } | null>
  close(): Promise<void>
}

// One round trip however many: a watcher pass that expires thousands of requests announces them all.
async function notifyAll(db: Db, channel: string, payloads: readonly string[]) {
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

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/**
 * An empty, migrated PGlite data folder made at build time (scripts/buildPgliteTemplate.ts, beside
 * the prebuilt server): a first start unpacks it (about 1 s) instead of running initdb (about 3 s).
 * From source there is none, and PGlite runs initdb.
 */
export const pgliteTemplatePath = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url))
// Any fixed number works; it only has to be the same for every server migrating this database.
const MIGRATION_LOCK_KEY = 4_242_001

/**
 * PostgreSQL when `url` is given, else PGlite (embedded Postgres) in `dataDir`, or in memory when
 * neither is given. Migrations run before it is returned.
 */
export async function createDatabase({
  url,
  dataDir,
  poolSize = 10,
  templatePath = pgliteTemplatePath,
}: { url?: string; dataDir?: string; poolSize?: number; templatePath?: string } = {}): Promise<Database> {
  if (url) return openPostgres(url, poolSize)
  return openPglite(dataDir, templatePath)
}

async function openPglite(dataDir: string | undefined, templatePath: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const fresh = dataDir !== undefined && !existsSync(join(dataDir, 'PG_VERSION'))
  const template = fresh && existsSync(templatePath) ? new Blob([readFileSync(templatePath)]) : undefined
  let client: PGlite
  try {
    // pg_trgm serves the dashboard's memo search; PostgreSQL ships it in its contrib modules.
    client = await PGlite.create({ dataDir, extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) })
  } catch (cause) {
    throw new DatabaseStartError(`PGlite could not open ${dataDir ?? 'an in-memory database'}`, cause)
  }
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: async (channel, onPayload) => void (await client.listen(channel, onPayload)),
    notify: (channel, payloads) => notifyAll(db as unknown as Db, channel, payloads),
    tryLock: async () => ({ release: async () => {} }),
    close: () => client.close(),
  }
}

/** The template's content: an in-memory database, migrated, as a gzipped tarball. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create({ extensions: { pg_trgm } })
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
    return await client.dumpDataDir('gzip')
  } finally {
    await client.close()
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Several servers may start at once: one migrates while the others wait on the advisory lock.
  const migrator = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`
    await migratePostgres(drizzlePostgres(migrator), { migrationsFolder })
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`
  } catch (cause) {
    throw new DatabaseStartError(`PostgreSQL at ${redact(url)} could not be migrated`, cause)
  } finally {
    await migrator.end()
  }
  const client = postgres(url, { max: poolSize, onnotice: () => {} })
  const db = drizzlePostgres(client, { schema })
  return {
    db: db as unknown as Db,
    kind: 'postgresql',
    listen: async (channel, onPayload) => void (await client.listen(channel, onPayload)),
    notify: (channel, payloads) => notifyAll(db as unknown as Db, channel, payloads),
    tryLock: async (key) => {
      const connection = await client.reserve()
      const [row] = await connection<{ locked: boolean }[]>`select pg_try_advisory_lock(${key}) as locked`
      if (!row?.locked) {
        connection.release()
        return null
      }
      return {
        release: async () => {
          await connection`select pg_advisory_unlock(${key})`.catch(() => undefined)
          connection.release()
        },
      }
    },
    close: () => client.end(),
  }
}

function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.href
  } catch {
    return 'the configured DATABASE_URL'
  }
}

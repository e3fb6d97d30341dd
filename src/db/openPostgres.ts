import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { DatabaseStartError, migrationsFolder, notifyAll, type Database, type Db } from './database.ts'
import * as schema from './schema.ts'

// Any fixed number works; it only has to be the same for every server migrating this database.
const MIGRATION_LOCK_KEY = 4_242_001

export async function openPostgres(url: string, poolSize: number): Promise<Database> {
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

export function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.href
  } catch {
    return 'the configured DATABASE_URL'
  }
}

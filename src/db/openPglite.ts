import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { applyFunctions } from './applyFunctions.ts'
import { DatabaseStartError, migrationsFolder, notifyAll, type Database, type Db } from './database.ts'
import * as schema from './schema.ts'

/**
 * An empty, migrated PGlite data folder: a first start unpacks it (about 1 s) instead of running
 * initdb and every migration (about 3 s). The build puts one beside the prebuilt server; installing
 * puts one in node_modules/.cache for `npm start` (scripts/buildPgliteTemplate.ts). Migrations added
 * since it was made run after it is unpacked. Without either, PGlite runs initdb.
 */
const templateCandidates = [
  fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url)),
  fileURLToPath(new URL('../../node_modules/.cache/billfold/pglite-template.tar.gz', import.meta.url)),
]
export const pgliteTemplatePath = templateCandidates.find((path) => existsSync(path)) ?? templateCandidates[0]!

/** pg_trgm and btree_gin serve the memo search; PostgreSQL ships both in its contrib modules. */
export const pgliteExtensions = { pg_trgm, btree_gin }

export async function openPglite(dataDir: string | undefined, templatePath: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  // In memory every start is a first start.
  const fresh = dataDir === undefined || !existsSync(join(dataDir, 'PG_VERSION'))
  const template = fresh && existsSync(templatePath) ? new Blob([readFileSync(templatePath)]) : undefined
  let client: PGlite
  try {
    client = await PGlite.create({
      dataDir,
      extensions: pgliteExtensions,
      ...(template ? { loadDataDir: template } : {}),
    })
  } catch (cause) {
    throw new DatabaseStartError(`PGlite could not open ${dataDir ?? 'an in-memory database'}`, cause)
  }
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  await applyFunctions(db as unknown as Db)
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // One process, no replicas: every read is the primary's.
    reads: () => db as unknown as Db,
    writeMark: async () => undefined,
    status: () => ({ primary: null, replicas: [] }),
    listen: async (channel, onPayload) => void (await client.listen(channel, onPayload)),
    notify: (channel, payloads) => notifyAll(db as unknown as Db, channel, payloads),
    tryLock: async () => ({ held: async () => true, fence: async () => {}, release: async () => {} }),
    close: () => client.close(),
  }
}

/** The template's content: an in-memory database, migrated, as a gzipped tarball. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create({ extensions: pgliteExtensions })
  try {
    const db = drizzlePglite(client, { schema })
    await migratePglite(db, { migrationsFolder })
    await applyFunctions(db as unknown as Db)
    return await client.dumpDataDir('gzip')
  } finally {
    await client.close()
  }
}

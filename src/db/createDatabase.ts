import type { Database } from './database.ts'
import { openPglite, pgliteTemplatePath } from './openPglite.ts'
import { openPostgres } from './openPostgres.ts'

export { DatabaseStartError, type Database, type Db, type HeldLock } from './database.ts'
export { dumpMigratedPglite, pgliteTemplatePath } from './openPglite.ts'

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

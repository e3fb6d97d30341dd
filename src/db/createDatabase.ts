import type { Database } from './database.ts'
import { openPglite, pgliteTemplatePath } from './openPglite.ts'
import { openPostgres } from './openPostgres.ts'
import type { Logger } from '../domain/logger.ts'

export {
  DatabaseStartError,
  LockLostError,
  type Database,
  type DatabaseStatus,
  type Db,
  type HeldLock,
} from './database.ts'
export { dumpMigratedPglite, pgliteTemplatePath } from './openPglite.ts'

/**
 * PostgreSQL when `url` is given, else PGlite (embedded Postgres) in `dataDir`, or in memory when
 * neither is given. Migrations run before it is returned.
 */
export async function createDatabase({
  url,
  replicaUrls,
  dataDir,
  poolSize = 10,
  templatePath = pgliteTemplatePath,
  logger,
}: {
  url?: string
  /** Streaming replicas for reads that may be a moment behind (PostgreSQL only). */
  replicaUrls?: readonly string[]
  dataDir?: string
  poolSize?: number
  templatePath?: string
  logger?: Logger
} = {}): Promise<Database> {
  if (url) return openPostgres(url, { poolSize, replicaUrls, logger })
  return openPglite(dataDir, templatePath)
}

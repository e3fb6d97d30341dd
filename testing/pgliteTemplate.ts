import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { dumpMigratedPglite, pgliteTemplatePath } from '../src/db/createDatabase.ts'
import { migrationsFolder } from '../src/db/database.ts'

/**
 * Remakes the PGlite template when a migration changed since it was made (installing makes it):
 * every in-memory test database starts from it, and must have the schema the migrations make now.
 */
export async function refreshPgliteTemplate(): Promise<void> {
  const newestMigration = Math.max(
    ...readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).map(
      (file) => statSync(join(migrationsFolder, file)).mtimeMs,
    ),
  )
  if (existsSync(pgliteTemplatePath) && statSync(pgliteTemplatePath).mtimeMs > newestMigration) return
  const dump = Buffer.from(await (await dumpMigratedPglite()).arrayBuffer())
  // Both projects' setups may remake it at once: each writes its own file and renames it into place.
  const written = `${pgliteTemplatePath}.${process.pid}`
  mkdirSync(dirname(pgliteTemplatePath), { recursive: true })
  writeFileSync(written, dump)
  renameSync(written, pgliteTemplatePath)
}

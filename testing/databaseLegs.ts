import { inject } from 'vitest'
import { createDatabase } from '../src/db/createDatabase.ts'
import { createFreshDatabase } from './postgresServer.ts'

/**
 * The two databases a data-layer test runs on, for `describe.each`: PGlite, and a fresh database on
 * the suite's PostgreSQL server (skipped, and named so, where none could be started).
 */
export function databaseLegs() {
  const postgresUrl = inject('postgresUrl')
  return [
    { name: 'PGlite', open: () => createDatabase({}), skip: false },
    {
      name: postgresUrl ? 'PostgreSQL' : `PostgreSQL (SKIPPED: ${inject('postgresSkipReason')})`,
      open: async () => createDatabase({ url: await createFreshDatabase(postgresUrl) }),
      skip: !postgresUrl,
    },
  ]
}

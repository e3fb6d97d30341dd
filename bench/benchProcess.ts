import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { postgresUnavailableReason, startPostgresServer, type PostgresServer } from '../testing/postgresServer.ts'

/** Runs a bench step in a process of its own (so its peak memory is its own) and returns its output. */
export const runStep = (script: string, args: string[]) =>
  promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', script, ...args], { maxBuffer: 1 << 22 })

/** A step prints its result as JSON on its last line. */
export const lastJson = <T>(stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as T

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`

/** Runs `section` with a PostgreSQL server of its own, or without one where none can start. */
export async function withPostgres(section: (postgres: PostgresServer | undefined) => Promise<void>) {
  const reason = postgresUnavailableReason()
  if (reason) console.log(`\n(PostgreSQL SKIPPED: ${reason})`)
  const postgres = reason ? undefined : await startPostgresServer()
  try {
    await section(postgres)
  } finally {
    await postgres?.stop()
  }
}

import { purgeExpiredAuth } from '../api/auth/purgeExpired.ts'
import type { Database } from '../db/createDatabase.ts'
import type { BackgroundWorker } from '../domain/backgroundWorker.ts'

const PURGE_INTERVAL_MS = 10 * 60 * 1000

/** Deletes what has expired (sign-in nonces, expired or revoked sessions) at start and every ten minutes. */
export function createHousekeeping(database: Database, log: (line: string) => void): BackgroundWorker {
  let timer: NodeJS.Timeout | undefined
  const purge = () =>
    purgeExpiredAuth(database.db).catch((error: unknown) =>
      log(`[auth] purging expired nonces and sessions failed: ${String(error)}`),
    )
  const stop = async () => clearInterval(timer)
  return {
    name: 'housekeeping',
    start() {
      void purge()
      timer = setInterval(purge, PURGE_INTERVAL_MS).unref()
    },
    drain: stop,
    stop,
  }
}

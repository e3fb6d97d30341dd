import { purgeExpiredAuth } from '../merchants/sessions/purgeExpired.ts'
import type { Database } from '../db/createDatabase.ts'
import { purgeIdleBuckets } from '../db/rateLimitBuckets.ts'
import { purgeSilentServers } from '../db/serverHeartbeats.ts'
import type { BackgroundWorker } from '../domain/backgroundWorker.ts'
import { purgeFinishedRelays } from '../relayer/purgeFinishedRelays.ts'
import { purgeWebhookHistory } from '../notifications/webhooks/purgeWebhookHistory.ts'

const PURGE_INTERVAL_MS = 10 * 60 * 1000
const DAY_MS = 86_400_000

/**
 * Deletes what has expired (sign-in nonces, expired or revoked sessions, idle rate-limit buckets,
 * heartbeats of servers gone for an hour) and, when `retentionDays` is
 * not 0, webhook history older than that (ended deliveries, their attempts, events nothing refers
 * to) and relays that ended that long ago, at start and every ten minutes. Requests and payments are
 * kept forever.
 */
export function createHousekeeping(
  database: Database,
  log: (line: string) => void,
  { retentionDays }: { retentionDays: number },
): BackgroundWorker {
  let timer: NodeJS.Timeout | undefined
  const purge = async () => {
    await purgeExpiredAuth(database.db).catch((error: unknown) =>
      log(`[auth] purging expired nonces and sessions failed: ${String(error)}`),
    )
    await purgeIdleBuckets(database.db).catch((error: unknown) =>
      log(`[limits] purging idle rate-limit buckets failed: ${String(error)}`),
    )
    await purgeSilentServers(database.db).catch((error: unknown) =>
      log(`[watcher] dropping servers silent for an hour failed: ${String(error)}`),
    )
    if (retentionDays > 0) {
      const before = new Date(Date.now() - retentionDays * DAY_MS)
      await purgeWebhookHistory(database.db, before).catch((error: unknown) =>
        log(`[webhooks] purging history older than ${retentionDays} days failed: ${String(error)}`),
      )
      await purgeFinishedRelays(database.db, before).catch((error: unknown) =>
        log(`[relayer] purging relays that ended over ${retentionDays} days ago failed: ${String(error)}`),
      )
    }
  }
  const stop = async () => clearInterval(timer)
  return {
    name: 'housekeeping',
    start() {
      void purge()
      timer = setInterval(() => void purge(), PURGE_INTERVAL_MS).unref()
    },
    drain: stop,
    stop,
  }
}

import { purgeExpiredAuth } from '../merchants/sessions/purgeExpired.ts'
import type { Db } from '../db/createDatabase.ts'
import { purgeIdleBuckets } from '../db/rateLimitBuckets.ts'
import { purgeSilentServers } from '../db/serverHeartbeats.ts'
import type { BackgroundWorker } from '../domain/backgroundWorker.ts'
import type { Clock } from '../domain/clock.ts'
import type { Logger } from '../domain/logger.ts'
import { periodicTask } from '../domain/periodicTask.ts'
import { purgeFinishedRelays } from '../relayer/purgeFinishedRelays.ts'
import { purgeWebhookHistory } from '../notifications/webhooks/purgeWebhookHistory.ts'

const DAY_MS = 86_400_000

export type HousekeepingSettings = {
  /** Days webhook history and ended relays are kept (RETENTION_DAYS); 0 keeps them forever. */
  retentionDays: number
  everyMs: number
}

export const HOUSEKEEPING_DEFAULTS: HousekeepingSettings = { retentionDays: 30, everyMs: 10 * 60 * 1000 }

/**
 * Deletes what has expired (sign-in nonces, expired or revoked sessions, idle rate-limit buckets,
 * heartbeats of servers gone for an hour) and, when `retentionDays` is
 * not 0, webhook history older than that (ended deliveries, their attempts, events nothing refers
 * to) and relays that ended that long ago, at start and every ten minutes. Requests and payments are
 * kept forever.
 */
export function createHousekeeping(
  { db, logger, clock }: { db: Db; logger: Logger; clock: Clock },
  { retentionDays, everyMs }: HousekeepingSettings,
): BackgroundWorker {
  const purge = async () => {
    await purgeExpiredAuth(db).catch((error: unknown) =>
      logger.warn(`[auth] purging expired nonces and sessions failed: ${String(error)}`),
    )
    await purgeIdleBuckets(db).catch((error: unknown) =>
      logger.warn(`[limits] purging idle rate-limit buckets failed: ${String(error)}`),
    )
    await purgeSilentServers(db).catch((error: unknown) =>
      logger.warn(`[watcher] dropping servers silent for an hour failed: ${String(error)}`),
    )
    if (retentionDays > 0) {
      const before = new Date(clock.now() - retentionDays * DAY_MS)
      await purgeWebhookHistory(db, before).catch((error: unknown) =>
        logger.warn(`[webhooks] purging history older than ${retentionDays} days failed: ${String(error)}`),
      )
      await purgeFinishedRelays(db, before).catch((error: unknown) =>
        logger.warn(`[relayer] purging relays that ended over ${retentionDays} days ago failed: ${String(error)}`),
      )
    }
  }
  return periodicTask({
    name: 'housekeeping',
    everyMs,
    run: purge,
    onError: (error) => logger.warn(`[housekeeping] ${String(error)}`),
    clock,
  })
}

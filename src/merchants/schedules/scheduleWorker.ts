import type { Database } from '../../db/createDatabase.ts'
import { SCHEDULES_CHANNEL } from '../../db/notificationChannels.ts'
import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import type { Clock } from '../../domain/clock.ts'
import type { Logger } from '../../domain/logger.ts'
import { queueConsumer } from '../../domain/queueConsumer.ts'
import { issueDuePeriods, type IssuedPeriod, type ScheduleIssuerOptions } from './issueDuePeriods.ts'

export type ScheduleIssuerSettings = {
  /** How often every server looks for periods that have begun, beside the notices. */
  everyMs: number
}

export const SCHEDULE_ISSUER_DEFAULTS: ScheduleIssuerSettings = { everyMs: 15_000 }

/**
 * Issues schedules' periods on every server, at start, every 15 seconds and when a schedule is
 * authorised or resumed (NOTIFY): whichever server claims a schedule first issues its period, the
 * others skip it. `onIssued` hears of each request made.
 */
export function createScheduleIssuer(
  database: Database,
  options: Omit<ScheduleIssuerOptions, 'db'> & {
    logger: Logger
    onIssued?: (issued: IssuedPeriod) => Promise<void>
    settings?: ScheduleIssuerSettings
    clock?: Clock
  },
): BackgroundWorker {
  const { logger, onIssued, settings = SCHEDULE_ISSUER_DEFAULTS, clock, ...issuing } = options
  return queueConsumer({
    name: 'schedules',
    // Any notice means the same: look for due periods (a sweep).
    subscribe: (wake) =>
      database.listen(
        SCHEDULES_CHANNEL,
        () => wake(),
        () => wake(),
      ),
    pollMs: settings.everyMs,
    async run() {
      for (const one of await issueDuePeriods({ ...issuing, db: database.db })) await onIssued?.(one)
    },
    onError: (error) => logger.warn(`[schedules] issuing periods failed: ${String(error)}`),
    ...(clock ? { clock } : {}),
  })
}

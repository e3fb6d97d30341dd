import type { Database } from '../../db/createDatabase.ts'
import { SUBSCRIPTIONS_CHANNEL } from '../../db/notificationChannels.ts'
import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import { systemClock, type Clock } from '../../domain/clock.ts'
import type { Logger } from '../../domain/logger.ts'
import { queueConsumer } from '../../domain/queueConsumer.ts'
import { chargeDuePeriods, type ChargerOptions } from './chargeDuePeriods.ts'
import { issueDueCharges, type ChargeIssuerOptions } from './issueDueCharges.ts'
import { noticeComingCharges } from './noticeComingCharges.ts'

export type SubscriptionChargerSettings = {
  /** How often every server looks for periods to issue and charges to try, beside the notices. */
  everyMs: number
}

export const SUBSCRIPTION_CHARGER_DEFAULTS: SubscriptionChargerSettings = { everyMs: 15_000 }

/**
 * Tells payers of coming charges, and issues and charges subscriptions' periods, on every server: at
 * start, every 15 seconds and when a subscription starts (NOTIFY); each period is claimed in the
 * database, so one server charges it.
 */
export function createSubscriptionCharger(
  database: Database,
  options: Omit<ChargeIssuerOptions & ChargerOptions, 'db' | 'now'> & {
    logger: Logger
    settings?: SubscriptionChargerSettings
    clock?: Clock
  },
): BackgroundWorker {
  const { logger, settings = SUBSCRIPTION_CHARGER_DEFAULTS, clock = systemClock, ...rest } = options
  const now = () => new Date(clock.now())
  return queueConsumer({
    name: 'subscriptions',
    subscribe: (wake) =>
      database.listen(
        SUBSCRIPTIONS_CHANNEL,
        () => wake(),
        () => wake(),
      ),
    pollMs: settings.everyMs,
    async run() {
      await noticeComingCharges(database.db, now())
      await issueDueCharges({ ...rest, db: database.db, now })
      await chargeDuePeriods({ ...rest, db: database.db, now })
    },
    onError: (error) => logger.warn(`[subscriptions] charging failed: ${String(error)}`),
    clock,
  })
}

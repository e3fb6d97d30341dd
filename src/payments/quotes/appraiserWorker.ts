import type { Database } from '../../db/createDatabase.ts'
import { REQUEST_UPDATED_CHANNEL } from '../../db/notificationChannels.ts'
import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import type { Clock } from '../../domain/clock.ts'
import { queueConsumer } from '../../domain/queueConsumer.ts'
import { appraisePayments, type AppraisalServices } from './appraisePayments.ts'
import { valueForBooks } from './bookValues.ts'

export type AppraiserSettings = {
  /** How often every unvalued payment is looked for, beside the requests the watchers announce. */
  sweepMs: number
  /** Announcements heard within this are valued together. */
  gatherMs: number
}

export const APPRAISER_DEFAULTS: AppraiserSettings = { sweepMs: 30_000, gatherMs: 50 }

/**
 * Values payments as the watchers record them: priced requests' in their currency (their status
 * follows), and every payment of a payee who keeps books in a currency, in that one. The requests
 * a watcher announces are looked at within moments, and a sweep catches what was missed (a lost
 * notice, a feed that did not answer). What changes is announced like any status change.
 */
export function createAppraiser(
  database: Database,
  services: AppraisalServices,
  settings: AppraiserSettings = APPRAISER_DEFAULTS,
  clock?: Clock,
): BackgroundWorker {
  return queueConsumer({
    name: 'payment appraiser',
    subscribe: (wake) =>
      database.listen(
        REQUEST_UPDATED_CHANNEL,
        (payload) => wake(payload.split(' ')[0]!),
        () => wake(),
      ),
    pollMs: settings.sweepMs,
    gatherMs: settings.gatherMs,
    async run(requestIds) {
      const changed = await appraisePayments(database.db, services, requestIds ? { quoteRequestIds: requestIds } : {})
      await database.notify(REQUEST_UPDATED_CHANNEL, changed)
      await valueForBooks(database.db, services, requestIds ? { requestIds } : {})
    },
    onError: (error) => services.logger.warn(`[quotes] valuing payments failed: ${String(error)}`),
    ...(clock ? { clock } : {}),
  })
}

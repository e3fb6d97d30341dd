import type { Database } from '../../db/createDatabase.ts'
import { REQUEST_UPDATED_CHANNEL } from '../../db/notificationChannels.ts'
import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import { appraisePayments, type AppraisalServices } from './appraisePayments.ts'
import { valueForBooks } from './bookValues.ts'

/** How often every unvalued payment is looked for, beside the requests the watchers announce. */
const SWEEP_INTERVAL_MS = 30_000
/** Announcements heard within this are valued together. */
const GATHER_MS = 50

/**
 * Values payments as the watchers record them: priced requests' in their currency (their status
 * follows), and every payment of a payee who keeps books in a currency, in that one. The requests
 * a watcher announces are looked at within moments, and a sweep catches what was missed (a lost
 * notice, a feed that did not answer). What changes is announced like any status change.
 */
export function createAppraiser(database: Database, services: AppraisalServices): BackgroundWorker {
  let timer: NodeJS.Timeout | undefined
  let gathering: NodeJS.Timeout | undefined
  let stopped = true
  let running: Promise<void> = Promise.resolve()
  const heard = new Set<string>()
  const run = (quoteRequestIds?: readonly string[]) => {
    running = running
      .then(async () => {
        if (stopped) return
        const changed = await appraisePayments(database.db, services, quoteRequestIds ? { quoteRequestIds } : {})
        await database.notify(REQUEST_UPDATED_CHANNEL, changed)
        await valueForBooks(database.db, services, quoteRequestIds ? { requestIds: quoteRequestIds } : {})
      })
      .catch((error: unknown) => services.log(`[quotes] valuing payments failed: ${String(error)}`))
  }
  const gather = () => {
    gathering = undefined
    const ids = [...heard]
    heard.clear()
    run(ids)
  }
  return {
    name: 'payment appraiser',
    start() {
      stopped = false
      void database.listen(
        REQUEST_UPDATED_CHANNEL,
        (payload) => {
          if (stopped) return
          heard.add(payload.split(' ')[0]!)
          gathering ??= setTimeout(gather, GATHER_MS)
        },
        () => run(),
      )
      run()
      timer = setInterval(() => run(), SWEEP_INTERVAL_MS).unref()
    },
    async drain() {
      stopped = true
      clearInterval(timer)
      clearTimeout(gathering)
      await running
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      clearTimeout(gathering)
    },
  }
}

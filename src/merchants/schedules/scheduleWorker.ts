import type { Database } from '../../db/createDatabase.ts'
import { SCHEDULES_CHANNEL } from '../../db/notificationChannels.ts'
import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import { issueDuePeriods, type IssuedPeriod, type ScheduleIssuerOptions } from './issueDuePeriods.ts'

/** How often every server looks for periods that have begun. */
const ISSUE_EVERY_MS = 15_000

/**
 * Issues schedules' periods on every server, at start, every 15 seconds and when a schedule is
 * authorised or resumed (NOTIFY): whichever server claims a schedule first issues its period, the
 * others skip it. `onIssued` hears of each request made.
 */
export function createScheduleIssuer(
  database: Database,
  options: Omit<ScheduleIssuerOptions, 'db'> & {
    log: (line: string) => void
    onIssued?: (issued: IssuedPeriod) => Promise<void>
  },
): BackgroundWorker {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  let busy = false
  let again = false
  const issue = async () => {
    for (const one of await issueDuePeriods({ ...options, db: database.db })) await options.onIssued?.(one)
  }
  // One run at a time; a wake during a run asks for one more after it.
  const tick = () => {
    if (busy) {
      again = true
      return
    }
    busy = true
    running = issue()
      .catch((error: unknown) => options.log(`[schedules] issuing periods failed: ${String(error)}`))
      .finally(() => {
        busy = false
        if (!again) return
        again = false
        tick()
      })
  }
  return {
    name: 'schedules',
    start() {
      void database.listen(SCHEDULES_CHANNEL, tick, tick).then(tick, tick)
      timer = setInterval(tick, ISSUE_EVERY_MS).unref()
    },
    async drain() {
      clearInterval(timer)
      await running
    },
    async stop() {
      clearInterval(timer)
    },
  }
}

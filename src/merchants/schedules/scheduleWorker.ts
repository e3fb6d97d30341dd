import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import { issueDuePeriods, type IssuedPeriod, type ScheduleIssuerOptions } from './issueDuePeriods.ts'

/** How often every server looks for periods that have begun: a minute's lateness at most. */
const ISSUE_EVERY_MS = 15_000

/**
 * Issues schedules' periods on every server, at start and every 15 seconds: whichever server claims
 * a schedule first issues its period, the others skip it. `onIssued` hears of each request made.
 */
export function createScheduleIssuer(
  options: ScheduleIssuerOptions & {
    log: (line: string) => void
    onIssued?: (issued: IssuedPeriod) => Promise<void>
    everyMs?: number
  },
): BackgroundWorker & { runOnce(): Promise<IssuedPeriod[]> } {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const runOnce = async () => {
    const issued = await issueDuePeriods(options)
    for (const one of issued) await options.onIssued?.(one)
    return issued
  }
  const tick = () => {
    running = runOnce().catch((error: unknown) => options.log(`[schedules] issuing periods failed: ${String(error)}`))
  }
  return {
    name: 'schedules',
    runOnce,
    start() {
      tick()
      timer = setInterval(tick, options.everyMs ?? ISSUE_EVERY_MS).unref()
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

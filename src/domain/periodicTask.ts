import { loopingWorker, type BackgroundWorker } from './backgroundWorker.ts'
import { systemClock, type Clock } from './clock.ts'

export type PeriodicTaskOptions = {
  /** Named in log lines. */
  name: string
  /** The wait between one pass's end and the next one's start. */
  everyMs: number
  /**
   * One pass. It may return the wait before the next instead of `everyMs` (0: straight on). `signal`
   * aborts on drain or stop: a pass over several items takes no more of them.
   */
  run(signal: AbortSignal): Promise<number | void>
  /** A pass that threw; the next one comes as usual. */
  onError(error: unknown): void
  clock?: Clock
}

/**
 * Work done again and again (housekeeping, following relays, a heartbeat): a pass at start, then one
 * `everyMs` after each ends, never two at once. Drain and stop take no more passes and resolve once
 * the pass in hand has ended, so nothing it writes outlives the worker.
 */
export function periodicTask(options: PeriodicTaskOptions): BackgroundWorker {
  const clock = options.clock ?? systemClock
  const stopping = new AbortController()
  const passes = async () => {
    const { signal } = stopping
    while (!signal.aborted) {
      let wait = options.everyMs
      try {
        wait = (await options.run(signal)) ?? options.everyMs
      } catch (error) {
        options.onError(error)
      }
      if (wait > 0) await clock.sleep(wait, signal)
    }
  }
  return loopingWorker(options.name, stopping, passes)
}

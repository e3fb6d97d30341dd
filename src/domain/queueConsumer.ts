import { loopingWorker, type BackgroundWorker } from './backgroundWorker.ts'
import { systemClock, type Clock } from './clock.ts'

/** Tells a consumer there is work: `wake(key)` for one item, `wake()` for a sweep of everything pending. */
export type Wake = (key?: string) => void

export type QueueConsumerOptions = {
  /** Named in log lines. */
  name: string
  /** Subscribes to the queue's notices (a NOTIFY channel); `wake()` too when notices may have been lost. */
  subscribe(wake: Wake): Promise<void>
  /** The safety net: a sweep when nothing was heard for this long. */
  pollMs: number
  /** Items heard within this of the first are taken in one pass (default: at once). */
  gatherMs?: number
  /**
   * One pass: over the items heard, or a sweep (`keys` undefined). It may return true when more may be
   * pending (it took a full batch): another sweep follows at once. `signal` aborts on drain or stop.
   */
  run(keys: readonly string[] | undefined, signal: AbortSignal): Promise<boolean | void>
  /** A pass (or the subscription) that failed; the next one comes as usual. */
  onError(error: unknown): void
  clock?: Clock
}

/**
 * Work that arrives (payments to value, schedules to issue): woken by the queue's notices and by a
 * poll as a safety net, a sweep once subscribed, one pass at a time; what is heard during a pass is
 * taken by the next. Drain and stop take no more passes and resolve once the pass in hand has ended.
 */
export function queueConsumer(options: QueueConsumerOptions): BackgroundWorker {
  const clock = options.clock ?? systemClock
  const stopping = new AbortController()
  const { signal } = stopping
  const heard = new Set<string>()
  let sweep = true
  let idle: AbortController | undefined
  const wake: Wake = (key) => {
    if (key === undefined) sweep = true
    else heard.add(key)
    idle?.abort()
  }
  const pass = async (keys: readonly string[] | undefined) => {
    const more = await options.run(keys, signal).catch(options.onError)
    if (more === true) sweep = true
  }
  const passes = async () => {
    await options.subscribe(wake).catch(options.onError)
    while (!signal.aborted) {
      if (!sweep && heard.size === 0) {
        idle = new AbortController()
        await clock.sleep(options.pollMs, AbortSignal.any([signal, idle.signal]))
        if (!idle.signal.aborted) sweep = true
        idle = undefined
        continue
      }
      if (!sweep && options.gatherMs) await clock.sleep(options.gatherMs, signal)
      if (signal.aborted) break
      const keys = [...heard]
      const sweeping = sweep
      heard.clear()
      sweep = false
      if (keys.length > 0) await pass(keys)
      if (sweeping) await pass(undefined)
    }
  }
  return loopingWorker(options.name, stopping, passes)
}

import type { Clock } from '../src/domain/clock.ts'

/**
 * The real clock moved on by hand, for a whole server in an end-to-end test: `now` is the real time
 * plus what was added, and `shift` ends every sleep at once, so the workers look again at the new time.
 */
export function shiftedClock() {
  let offset = 0
  const sleepers = new Set<() => void>()
  const clock: Clock = {
    now: () => Date.now() + offset,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve()
        const wake = () => {
          clearTimeout(timer)
          sleepers.delete(wake)
          signal?.removeEventListener('abort', wake)
          resolve()
        }
        const timer = setTimeout(wake, ms).unref()
        sleepers.add(wake)
        signal?.addEventListener('abort', wake, { once: true })
      }),
  }
  return {
    clock,
    shift(ms: number) {
      offset += ms
      for (const wake of [...sleepers]) wake()
    },
  }
}

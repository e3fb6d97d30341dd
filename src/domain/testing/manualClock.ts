import type { Clock } from '../clock.ts'

/** A clock the test turns: sleeps end when `advance` passes their time (or their signal aborts). */
export function manualClock() {
  let now = 0
  const sleepers = new Set<{ at: number; wake(): void }>()
  const clock: Clock = {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve()
        const sleeper = {
          at: now + ms,
          wake() {
            sleepers.delete(sleeper)
            resolve()
          },
        }
        sleepers.add(sleeper)
        signal?.addEventListener('abort', () => sleeper.wake(), { once: true })
      }),
  }
  return {
    clock,
    /** How many sleeps are waiting. */
    sleeping: () => sleepers.size,
    /** Moves time on by `ms`, ending every sleep due by then, and lets what they started run. */
    async advance(ms: number) {
      now += ms
      for (const sleeper of [...sleepers]) if (sleeper.at <= now) sleeper.wake()
      await settle()
    },
  }
}

/** Lets every promise already resolved run its continuations (and theirs), without waiting on time. */
export async function settle(rounds = 20) {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

/** A promise the test resolves when it wants: a pass in hand. */
export function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

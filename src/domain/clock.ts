/** Time as the server's background work sees it: the real one in the server, one turned by hand in tests. */
export type Clock = {
  now(): number
  /** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve()
      const done = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      // Unref'd: a worker waiting never keeps the process alive.
      const timer = setTimeout(done, ms).unref()
      signal?.addEventListener('abort', done, { once: true })
    }),
}

/**
 * Work a server runs beside answering requests (a chain's watcher, webhook delivery, housekeeping),
 * all alike so the server starts, drains and stops them in one loop.
 */
export type BackgroundWorker = {
  /** Named in log lines. */
  readonly name: string
  start(): void
  /** Finishes the work in hand (a watcher's batch, the deliveries in flight) and takes no more: SIGTERM. */
  drain(): Promise<void>
  /** Stops at once, letting go of what it holds (locks, threads, timers). */
  stop(): Promise<void>
}

/**
 * A worker whose work is one loop on `signal`: started once, and drained or stopped alike by
 * aborting the signal and waiting for the loop, so the pass in hand ends before it resolves.
 */
export function loopingWorker(name: string, stopping: AbortController, loop: () => Promise<void>): BackgroundWorker {
  let running: Promise<void> = Promise.resolve()
  const stop = async () => {
    stopping.abort()
    await running
  }
  return {
    name,
    start() {
      running = loop()
    },
    drain: stop,
    stop,
  }
}

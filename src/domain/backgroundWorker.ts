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

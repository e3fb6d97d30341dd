import type { BackgroundWorker } from '../domain/backgroundWorker.ts'

/** The server's background workers, started, drained and stopped together. */
export function runWorkers(workers: readonly (BackgroundWorker | undefined)[]) {
  const running = workers.filter((w): w is BackgroundWorker => w !== undefined)
  for (const worker of running) worker.start()
  return {
    names: running.map((w) => w.name),
    drain: () => Promise.all(running.map((w) => w.drain())),
    stop: () => Promise.all(running.map((w) => w.stop())),
  }
}

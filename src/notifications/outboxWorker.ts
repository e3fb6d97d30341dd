import type { Database } from '../db/createDatabase.ts'
import type { BackgroundWorker } from '../domain/backgroundWorker.ts'
import type { Logger } from '../domain/logger.ts'
import { queueConsumer } from '../domain/queueConsumer.ts'

/**
 * A queue consumer that drains an outbox on every server (webhook deliveries, e-mails, the change
 * journal): `step` claims and handles at most `batch` rows and says how many it took. A full batch
 * means more may be due, so it goes on at once, as it does when a NOTIFY came during the step;
 * otherwise it waits for NOTIFY on `channel` (a change queued something) or `pollMs` (a retry came
 * due). Draining and stopping let the step in hand finish; `signal` tells it to take no more rows.
 */
export function createOutboxWorker({
  name,
  database,
  channel,
  pollMs,
  batch,
  step,
  logger,
}: {
  name: string
  database: Database
  channel: string
  pollMs: number
  batch: number
  step(signal: AbortSignal): Promise<number>
  logger: Logger
}): BackgroundWorker {
  return queueConsumer({
    name,
    pollMs,
    // Every notice asks for a sweep: the step claims what is due, whichever row the notice was for.
    subscribe: (wake) =>
      database.listen(
        channel,
        () => wake(),
        () => wake(),
      ),
    run: async (_, signal) => (await step(signal)) === batch,
    onError: (error) => logger.warn(`[${name}] could not read the outbox: ${String(error)}`),
  })
}

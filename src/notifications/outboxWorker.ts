import type { Database } from '../db/createDatabase.ts'
import type { BackgroundWorker } from '../domain/backgroundWorker.ts'

/**
 * A worker that drains an outbox on every server (webhook deliveries, e-mails): `step` claims and
 * handles at most `batch` rows and says how many it took. A full batch means more may be due, so it
 * goes on at once, as it does when a NOTIFY came during the step; otherwise it waits for NOTIFY on
 * `channel` (a change queued something) or `pollMs` (a retry came due). Draining and stopping let
 * the step in hand finish.
 */
export function createOutboxWorker({
  name,
  database,
  channel,
  pollMs,
  batch,
  step,
  log,
}: {
  name: string
  database: Database
  channel: string
  pollMs: number
  batch: number
  step(stopped: () => boolean): Promise<number>
  log(line: string): void
}): BackgroundWorker {
  let stopped = false
  let wake: (() => void) | undefined
  // A NOTIFY heard while a step runs may be for a row that step did not see.
  let heard = false
  let running: Promise<void> | undefined
  let started: Promise<void> | undefined

  async function loop() {
    while (!stopped) {
      heard = false
      let taken = 0
      try {
        taken = await step(() => stopped)
      } catch (error) {
        if (!stopped) log(`[${name}] could not read the outbox: ${String(error)}`)
      }
      if (taken === batch || stopped || heard) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = undefined
    }
  }

  const hear = () => {
    heard = true
    wake?.()
  }

  /** Finishes the work in flight, then stops. */
  const stop = async () => {
    stopped = true
    await started
    wake?.()
    await running
  }
  return {
    name,
    start() {
      started = database.listen(channel, hear, hear).then(() => {
        running = loop()
      })
    },
    drain: stop,
    stop,
  }
}

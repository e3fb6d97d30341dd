import postgres from 'postgres'
import type { Logger } from '../domain/logger.ts'

export type NotificationListener = {
  /** Listens on `channel`; `onGap` is called after a lost connection is back, when notices may have been missed. */
  listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<void>
  close(): Promise<void>
}

const RETRY_MS = [100, 250, 500, 1000, 2000]

/**
 * LISTEN on a connection of its own that outlives its server: when the connection goes (the primary
 * died, a failover), every channel is listened to again, retrying until a writable server answers
 * (postgres.js's own listen gives up after one try), and each listener is told notices may be lost.
 */
export function createNotificationListener(url: string, logger: Logger): NotificationListener {
  const channels = new Map<string, { payloads: ((payload: string) => void)[]; gaps: (() => void)[] }>()
  let closed = false
  let relistening: Promise<void> | undefined
  // onnotify is postgres.js's own option (its listen uses it) though its types leave it out.
  const options: postgres.Options<Record<string, postgres.PostgresType>> & {
    onnotify(channel: string, payload: string): void
  } = {
    max: 1,
    idle_timeout: undefined,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    onnotify: (channel, payload) => channels.get(channel)?.payloads.forEach((deliver) => deliver(payload)),
    onclose: () => {
      if (!closed && channels.size > 0) relistening ??= relisten().finally(() => (relistening = undefined))
    },
  }
  const client = postgres(url, options)
  const listenTo = (channel: string) => client.unsafe(`listen "${channel.replace(/"/g, '""')}"`)

  async function relisten() {
    for (let attempt = 0; !closed; attempt++) {
      try {
        for (const channel of channels.keys()) await listenTo(channel)
        logger.info(`[database] listening again after a lost connection (${attempt + 1} tries)`)
        for (const { gaps } of channels.values()) for (const gap of gaps) gap()
        return
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]))
      }
    }
  }

  return {
    async listen(channel, onPayload, onGap) {
      const known = channels.get(channel)
      if (known) {
        known.payloads.push(onPayload)
        if (onGap) known.gaps.push(onGap)
        return
      }
      channels.set(channel, { payloads: [onPayload], gaps: onGap ? [onGap] : [] })
      await listenTo(channel)
    },
    async close() {
      closed = true
      await client.end({ timeout: 1 })
    },
  }
}

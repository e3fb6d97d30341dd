import { eq, inArray, sql } from 'drizzle-orm'
import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import type { Logger } from '../../domain/logger.ts'
import { createOutboxWorker } from '../outboxWorker.ts'
import type { Database, Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { WEBHOOKS_CHANNEL } from '../../db/notificationChannels.ts'
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts'
import { newShortId } from '../../domain/shortId.ts'
import { untilDatabaseAnswers } from '../../db/untilDatabaseAnswers.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import { sendWebhook } from './sendWebhook.ts'
import { webhookBody } from './webhookEvents.ts'

/**
 * Waits before each retry: soon at first, then further apart, about three days in all (Standard
 * Webhooks' schedule, stretched); after the last the delivery is marked failed.
 */
export const RETRY_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 72_000_000,
]

export type DeliverySettings = {
  retryDelaysMs: readonly number[]
  /** How long one attempt may take. */
  timeoutMs: number
  /** A claimed delivery is another server's to retry after this long (its server died mid-attempt). */
  lockMs: number
  /** Looks for due retries this often even when nothing was announced. */
  pollMs: number
  /** Attempts in flight at once per server. */
  concurrency: number
}

// The lock outlasts an attempt's time limit with room to record it, and no more: a dead server's claims come back soon.
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  retryDelaysMs: RETRY_DELAYS_MS,
  timeoutMs: 10_000,
  lockMs: 15_000,
  pollMs: 1_000,
  concurrency: 16,
}

export type WebhookDeliveryOptions = {
  database: Database
  secrets: SecretBox
  publicUrl: string
  webhooksAllowPrivate: boolean
  logger: Logger
  settings?: Partial<DeliverySettings> | undefined
}

/**
 * Delivers the outbox, on every server: each claims due deliveries with row locks (FOR UPDATE SKIP
 * LOCKED), so two servers never send the same attempt; a server that dies mid-attempt leaves a lock
 * that lapses, and another sends it again (at least once). Woken by NOTIFY when a change writes an
 * event, and every `pollMs` for retries that come due.
 */
export function createWebhookDelivery(options: WebhookDeliveryOptions): BackgroundWorker {
  const { database, publicUrl, webhooksAllowPrivate, logger } = options
  const settings = { ...DEFAULT_DELIVERY_SETTINGS, ...options.settings }
  const { db } = database
  // Whether the worker is stopping: a delivery waiting for the database gives up then.
  let stopped: () => boolean = () => false
  const secrets = new Map<string, string>()
  const secretOf = (endpointId: string, sealed: string) => {
    if (!secrets.has(endpointId)) secrets.set(endpointId, options.secrets.open(sealed))
    return secrets.get(endpointId)!
  }

  async function claim(limit: number): Promise<Claimed[]> {
    const claimed = await db.execute(sql`
      update webhook_deliveries d set locked_until = now() + ${`${settings.lockMs} milliseconds`}::interval, attempts = d.attempts + 1
      from webhook_events e
      where e.id = d.event_id and d.id in (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at, created_at limit ${limit} for update skip locked
      )
      returning d.id, d.event_id, d.endpoint_id, d.attempts, d.created_at, e.request_id`)
    const rows = resultRows<Claimed & { created_at: string | Date }>(claimed)
    return rows.sort((x, y) => new Date(x.created_at).getTime() - new Date(y.created_at).getTime())
  }

  async function deliver(delivery: Claimed, event: EventRow | undefined, endpoint: EndpointRow | undefined) {
    if (!event || !endpoint || endpoint.disabledAt) {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', lockedUntil: null })
        .where(eq(webhookDeliveries.id, delivery.id))
      return
    }
    let secret: string
    try {
      secret = secretOf(endpoint.id, endpoint.secretSealed)
    } catch (error) {
      // SECRET_KEY changed since the endpoint was made: recorded like a failed attempt, retried like one.
      secret = ''
      logger.warn(`[webhooks] endpoint ${endpoint.id}: ${(error as Error).message}`)
    }
    const attempt = secret
      ? await sendWebhook({
          url: endpoint.url,
          secret,
          eventId: event.id,
          body: webhookBody(event, publicUrl),
          timeoutMs: settings.timeoutMs,
          webhooksAllowPrivate,
          userAgent: 'Billfold-Webhooks/1',
        })
      : {
          ok: false,
          statusCode: null,
          durationMs: 0,
          responseExcerpt: null,
          error: 'The endpoint’s signing secret could not be opened: SECRET_KEY differs from the one it was made with.',
        }
    const retryIn = settings.retryDelaysMs[delivery.attempts - 1]
    // Sent is sent: if the database is away (a failover), the outcome is recorded once it is back
    // rather than the attempt made again when the claim lapses.
    await untilDatabaseAnswers(
      () =>
        db.transaction(async (tx) => {
          await tx.insert(webhookAttempts).values({
            id: newShortId(),
            deliveryId: delivery.id,
            statusCode: attempt.statusCode,
            durationMs: attempt.durationMs,
            responseExcerpt: attempt.responseExcerpt,
            error: attempt.error,
          })
          await tx
            .update(webhookDeliveries)
            .set(
              attempt.ok
                ? { status: 'delivered', deliveredAt: new Date(), lockedUntil: null }
                : retryIn === undefined
                  ? { status: 'failed', lockedUntil: null }
                  : { nextAttemptAt: new Date(Date.now() + retryIn), lockedUntil: null },
            )
            .where(eq(webhookDeliveries.id, delivery.id))
        }),
      () => stopped(),
    )
    if (!attempt.ok && retryIn === undefined)
      logger.warn(
        `[webhooks] gave up on delivery ${delivery.id} of ${event.type} to ${endpoint.url} after ${delivery.attempts} attempts: ${attempt.error}`,
      )
  }

  return createOutboxWorker({
    name: 'webhook delivery',
    database,
    channel: WEBHOOKS_CHANNEL,
    pollMs: settings.pollMs,
    batch: settings.concurrency,
    logger,
    async step(signal) {
      stopped = () => signal.aborted
      const batch = await claim(settings.concurrency)
      const { events, endpoints } = await rowsOf(db, batch)
      await Promise.all(
        inOrder(batch).map(async (lane) => {
          for (const d of lane)
            await deliver(d, events.get(d.event_id), endpoints.get(d.endpoint_id)).catch((error: unknown) =>
              logger.warn(`[webhooks] delivery ${d.id} failed to be recorded: ${String(error)}`),
            )
        }),
      )
      return batch.length
    },
  })
}

type Claimed = { id: string; event_id: string; endpoint_id: string; attempts: number; request_id: string }

/** One request's events to one endpoint go out one after the other, in the order they happened; the rest in parallel. */
function inOrder(batch: Claimed[]): Claimed[][] {
  const lanes = new Map<string, Claimed[]>()
  for (const d of batch) {
    const lane = d.request_id ? `${d.endpoint_id}:${d.request_id}` : d.id
    lanes.set(lane, [...(lanes.get(lane) ?? []), d])
  }
  return [...lanes.values()]
}

type EventRow = typeof webhookEvents.$inferSelect
type EndpointRow = typeof webhookEndpoints.$inferSelect

/** The claimed deliveries' events and endpoints, two queries for the whole batch. */
async function rowsOf(db: Db, batch: Claimed[]) {
  if (batch.length === 0) return { events: new Map<string, EventRow>(), endpoints: new Map<string, EndpointRow>() }
  const [events, endpoints] = await Promise.all([
    db
      .select()
      .from(webhookEvents)
      .where(inArray(webhookEvents.id, [...new Set(batch.map((d) => d.event_id))])),
    db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(batch.map((d) => d.endpoint_id))])),
  ])
  return { events: new Map(events.map((e) => [e.id, e])), endpoints: new Map(endpoints.map((e) => [e.id, e])) }
}

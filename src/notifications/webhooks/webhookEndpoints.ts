import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { getAddress, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { WEBHOOKS_CHANNEL } from '../../db/notificationChannels.ts'
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts'
import { isShortId, newShortId } from '../../domain/shortId.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from './webhookEvents.ts'
import { checkWebhookUrl } from './webhookTarget.ts'
import { BadUserInputError, fieldErrors } from '../../domain/errors/input.ts'
import { NotFoundError } from '../../domain/errors/access.ts'

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect & { eventType: string }
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect

const MAX_ENDPOINTS = 10
/** Wakes the delivery workers when the transaction commits. */
const sqlNotify = sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`
const notFound = (field: string, what: string) =>
  new NotFoundError({ field, shortMessage: `You have no ${what} with this id.` })

/** A new endpoint: a checked URL, known events, and a signing secret returned this once (kept sealed). */
export async function createWebhookEndpoint(
  db: Db,
  box: SecretBox,
  payee: Address,
  draft: { url: string; events: readonly string[] },
  { webhooksAllowPrivate }: { webhooksAllowPrivate: boolean },
): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  const url = draft.url.trim()
  const unknown = draft.events.filter((e) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e))
  const errors = {
    url: await checkWebhookUrl(url, { webhooksAllowPrivate }),
    events:
      draft.events.length === 0
        ? `events must list at least one of ${WEBHOOK_EVENT_TYPES.join(', ')}.`
        : unknown.length
          ? `events has unknown ${unknown.join(', ')}; choose from ${WEBHOOK_EVENT_TYPES.join(', ')}.`
          : undefined,
  }
  if (errors.url || errors.events) throw fieldErrors(errors)
  const [{ value: existing }] = (await db
    .select({ value: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.payee, getAddress(payee)), isNull(webhookEndpoints.disabledAt)))) as [
    { value: number },
  ]
  if (existing >= MAX_ENDPOINTS)
    throw new BadUserInputError({
      field: 'url',
      problem: 'tooMany',
      values: { max: MAX_ENDPOINTS },
      shortMessage: `You have ${MAX_ENDPOINTS} endpoints already: remove one first.`,
    })
  const secret = `whsec_${randomBytes(32).toString('base64')}`
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      id: newShortId(),
      payee: getAddress(payee),
      url,
      events: [...new Set(draft.events)],
      secretSealed: box.seal(secret),
    })
    .returning()
  return { endpoint: endpoint!, secret }
}

export function listWebhookEndpoints(db: Db, payee: Address): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.payee, getAddress(payee)))
    .orderBy(desc(webhookEndpoints.createdAt))
}

async function ownEndpoint(db: Db, payee: Address, id: string): Promise<WebhookEndpointRow> {
  const [row] = isShortId(id)
    ? await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.payee, getAddress(payee))))
    : []
  if (!row) throw notFound('id', 'webhook endpoint')
  return row
}

/** Stops sending to an endpoint; its deliveries stay listed. */
export async function disableWebhookEndpoint(db: Db, payee: Address, id: string): Promise<WebhookEndpointRow> {
  await ownEndpoint(db, payee, id)
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning()
  return row!
}

/** A `webhook.test` event to this endpoint only, delivered like any other. */
export async function sendTestEvent(db: Db, payee: Address, endpointId: string): Promise<WebhookDeliveryRow> {
  const endpoint = await ownEndpoint(db, payee, endpointId)
  if (endpoint.disabledAt)
    throw new BadUserInputError({
      field: 'endpointId',
      shortMessage: 'This endpoint is disabled: nothing is sent to it.',
    })
  return db.transaction(async (tx) => {
    const eventId = `msg_${newShortId()}${newShortId()}`
    await tx.insert(webhookEvents).values({
      id: eventId,
      payee: endpoint.payee,
      type: TEST_EVENT_TYPE,
      requestId: '',
      payload: { message: 'A test event from Billfold: your endpoint receives and verifies webhooks.' },
    })
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ id: `whd_${newShortId()}`, eventId, endpointId })
      .returning()
    await tx.execute(sqlNotify)
    return { ...delivery!, eventType: TEST_EVENT_TYPE }
  })
}

/** The same event again, as a new delivery (same `webhook-id`, so a receiver that saw it can tell). */
export async function redeliver(db: Db, payee: Address, deliveryId: string): Promise<WebhookDeliveryRow> {
  const [found] = /^whd_[A-Za-z0-9]{1,40}$/.test(deliveryId)
    ? await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId))
    : []
  if (!found) throw notFound('deliveryId', 'delivery')
  const endpoint = await ownEndpoint(db, payee, found.endpointId).catch(() => {
    throw notFound('deliveryId', 'delivery')
  })
  if (endpoint.disabledAt)
    throw new BadUserInputError({
      field: 'deliveryId',
      shortMessage: 'This endpoint is disabled: nothing is sent to it.',
    })
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(webhookEvents).where(eq(webhookEvents.id, found.eventId))
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ id: `whd_${newShortId()}`, eventId: found.eventId, endpointId: found.endpointId })
      .returning()
    await tx.execute(sqlNotify)
    return { ...delivery!, eventType: event!.type }
  })
}

/** An endpoint's latest deliveries, newest first, each with its event type. */
export async function recentDeliveries(db: Db, endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit)
  return rows.map((r) => ({ ...r.delivery, eventType: r.eventType }))
}

export function attemptsOf(db: Db, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(desc(webhookAttempts.attemptedAt))
}

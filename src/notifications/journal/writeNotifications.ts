import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { WEBHOOKS_CHANNEL } from '../../db/notificationChannels.ts'
import type { Notifications } from './notifications.ts'

const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`
const json = (rows: readonly unknown[]) => sql`${JSON.stringify(rows)}::jsonb`

/**
 * Writes what follows into the outboxes, in the consumer's transaction: webhook events (dated when
 * their change was made, so they keep its order) with one delivery per listening endpoint, e-mails
 * queued once by their dedupe key, and the NOTIFYs that wake the delivery workers and live views.
 */
export async function writeNotifications(tx: Db, { webhooks, emails, live }: Notifications): Promise<void> {
  if (webhooks.length > 0) {
    const events = webhooks.map((w) => ({ ...w, id: newId('msg') }))
    await tx.execute(sql`insert into webhook_events (id, payee, type, request_id, payload, created_at)
      select id, payee, type, "requestId", payload, at from jsonb_to_recordset(${json(events)})
        as e(id text, payee text, type text, "requestId" text, payload jsonb, at timestamptz)`)
    const deliveries = events.flatMap((e) =>
      e.endpointIds.map((endpointId) => ({ id: newId('whd'), eventId: e.id, endpointId, at: e.at })),
    )
    await tx.execute(sql`insert into webhook_deliveries (id, event_id, endpoint_id, created_at)
      select id, "eventId", "endpointId", at from jsonb_to_recordset(${json(deliveries)})
        as d(id text, "eventId" text, "endpointId" text, at timestamptz)`)
    live = [...live, { channel: WEBHOOKS_CHANNEL, payload: '' }]
  }
  if (emails.length > 0)
    await tx.execute(sql`select billfold_queue_email("dedupeKey", kind, payee, "toAddress", language, "requestId", payload)
      from jsonb_to_recordset(${json(emails)})
        as e("dedupeKey" text, kind text, payee text, "toAddress" text, language text, "requestId" text, payload jsonb)`)
  if (live.length > 0)
    await tx.execute(sql`select pg_notify(channel, payload) from jsonb_to_recordset(${json(live)})
      as l(channel text, payload text)`)
}

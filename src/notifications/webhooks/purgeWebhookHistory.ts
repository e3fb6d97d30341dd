import { and, inArray, lt, ne, notExists, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { webhookAttempts, webhookDeliveries, webhookEvents } from '../../db/schema.ts'

/** Rows per statement: each batch is its own short transaction, so a purge never holds the tables long. */
const BATCH = 500

/**
 * Deletes webhook history older than `before`: deliveries that ended (delivered, or given up) with
 * their attempts, then events no delivery refers to any more. A pending delivery and its event are
 * kept whatever their age. Safe on several servers at once: each row goes to whoever gets it first.
 */
export async function purgeWebhookHistory(
  db: Db,
  before: Date,
  batch = BATCH,
): Promise<{ deliveries: number; attempts: number; events: number }> {
  const purged = { deliveries: 0, attempts: 0, events: 0 }
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const ended = tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, before)))
        .limit(batch)
      const deliveries = await tx
        .delete(webhookDeliveries)
        .where(inArray(webhookDeliveries.id, ended))
        .returning({ id: webhookDeliveries.id })
      const ids = deliveries.map((d) => d.id)
      const attempts = ids.length
        ? await tx
            .delete(webhookAttempts)
            .where(inArray(webhookAttempts.deliveryId, ids))
            .returning({ id: webhookAttempts.id })
        : []
      return { deliveries: ids.length, attempts: attempts.length }
    })
    purged.deliveries += step.deliveries
    purged.attempts += step.attempts
    if (step.deliveries < batch) break
  }
  for (;;) {
    const orphaned = db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          lt(webhookEvents.createdAt, before),
          notExists(
            db
              .select({ one: sql`1` })
              .from(webhookDeliveries)
              .where(sql`${webhookDeliveries.eventId} = ${webhookEvents.id}`),
          ),
        ),
      )
      .limit(batch)
    const events = await db
      .delete(webhookEvents)
      .where(inArray(webhookEvents.id, orphaned))
      .returning({ id: webhookEvents.id })
    purged.events += events.length
    if (events.length < batch) break
  }
  return purged
}

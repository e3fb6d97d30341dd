import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/createDatabase.ts'
import { webhookAttempts, webhookDeliveries, webhookEvents } from '../../db/schema.ts'
import { purgeWebhookHistory } from './purgeWebhookHistory.ts'
import { databaseLegs } from '../../../testing/databaseLegs.ts'

const legs = databaseLegs()
const DAY = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY)

describe.each(legs)('webhook history on $name', ({ open, skip }) => {
  let database: Database
  beforeAll(async () => {
    if (!skip) database = await open()
  })
  afterAll(async () => database?.close())

  /** An event with one delivery in `status` and `attempts` attempts, made `age` days ago. */
  async function history(id: string, age: number, status: 'pending' | 'delivered' | 'failed', attempts: number) {
    const { db } = database
    await db.insert(webhookEvents).values({
      id: `ev_${id}`,
      payee: '0xpayee',
      type: 'payment_request.paid',
      requestId: 'r',
      payload: {},
      createdAt: daysAgo(age),
    })
    await db
      .insert(webhookDeliveries)
      .values({ id: `dl_${id}`, eventId: `ev_${id}`, endpointId: 'ep', status, attempts, createdAt: daysAgo(age) })
    for (let i = 0; i < attempts; i++)
      await db.insert(webhookAttempts).values({
        id: `at_${id}_${i}`,
        deliveryId: `dl_${id}`,
        durationMs: 5,
        statusCode: 200,
        attemptedAt: daysAgo(age),
      })
  }
  const ids = async () => ({
    events: (await database.db.select({ id: webhookEvents.id }).from(webhookEvents)).map((r) => r.id).sort(),
    deliveries: (await database.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries))
      .map((r) => r.id)
      .sort(),
    attempts: (await database.db.select({ id: webhookAttempts.id }).from(webhookAttempts)).length,
  })

  it.skipIf(skip)(
    'deletes ended deliveries older than the retention with their attempts and events, in batches, and keeps the rest',
    async () => {
      for (let i = 0; i < 7; i++) await history(`old${i}`, 40, i % 2 ? 'failed' : 'delivered', 2)
      await history('stuck', 40, 'pending', 3) // still being retried: kept whatever its age
      await history('recent', 5, 'delivered', 1)
      // A batch of 3 makes the purge take several steps, as it does on a big table.
      expect(await purgeWebhookHistory(database.db, daysAgo(30), 3)).toEqual({ deliveries: 7, attempts: 14, events: 7 })
      expect(await ids()).toEqual({
        events: ['ev_recent', 'ev_stuck'],
        deliveries: ['dl_recent', 'dl_stuck'],
        attempts: 4,
      })
      expect(await purgeWebhookHistory(database.db, daysAgo(30), 3)).toEqual({ deliveries: 0, attempts: 0, events: 0 })
    },
  )
})

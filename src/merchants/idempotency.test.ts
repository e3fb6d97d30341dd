import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseLegs } from '../../testing/databaseLegs.ts'
import { newRequest, TEST_PAYEE } from '../../testing/newRequest.ts'
import type { Database } from '../db/createDatabase.ts'
import { resultRows } from '../db/rawStatements.ts'
import { findPaymentRequest } from '../payments/repository/paymentRequests.ts'
import { issueOnce } from './idempotency.ts'

const legs = databaseLegs()
const payee = TEST_PAYEE

describe.each(legs)('an Idempotency-Key on $name', ({ open, skip }) => {
  let database: Database
  beforeAll(async () => {
    if (!skip) database = await open()
  })
  afterAll(async () => database?.close())
  const issue = (key: string, fingerprint: string, signed = newRequest('Order 1042'), apiKeyId = 'key-1') =>
    issueOnce(database.db, { payee, apiKeyId, idempotencyKey: key, fingerprint, signed })

  it.skipIf(skip)('makes one request for eight retries sent at once, each answered with it as stored', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => issue('order-1042', 'body-a', undefined, `key-${i % 2}`)),
    )
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1)
    const stored = await findPaymentRequest(database.db, answers[0]!.row.id)
    for (const answer of answers) expect(answer.row).toEqual(stored)
    expect(stored).toMatchObject({ createdBlock: 12_345_678_901n, metadata: { orderId: '1042', lines: [1, 2] } })
    expect(stored!.dueAt).toEqual(new Date('2030-01-01T00:00:00Z'))
    // Stored as a JSON object, as the database itself reads it.
    const [row] = resultRows<{ kind: string; order: string }>(
      await database.db.execute(
        sql`select jsonb_typeof(metadata) as kind, metadata->>'orderId' as order from payment_requests where id = ${stored!.id}`,
      ),
    )
    expect(row).toEqual({ kind: 'object', order: '1042' })
  })

  it.skipIf(skip)('refuses the key with another body, and stores nothing', async () => {
    const first = await issue('order-2001', 'body-a')
    await expect(issue('order-2001', 'body-b', newRequest('Another order'))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      field: 'Idempotency-Key',
    })
    expect((await issue('order-2001', 'body-a')).row.id).toBe(first.row.id)
  })

  it.skipIf(skip)('leaves the key unclaimed when the request cannot be stored, so a retry makes it', async () => {
    const taken = await issue('order-3001', 'body-a')
    const sameReference = newRequest('Order 3002')
    sameReference.terms.reference = taken.row.reference as `0x${string}`
    await expect(issue('order-3002', 'body-a', sameReference)).rejects.toMatchObject({ code: 'DUPLICATE_REFERENCE' })
    const retried = await issue('order-3002', 'body-a', newRequest('Order 3002'))
    expect(retried.replayed).toBe(false)
    expect(retried.row.memo).toBe('Order 3002')
  })
})

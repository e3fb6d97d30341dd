import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseLegs } from '../../testing/databaseLegs.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import type { Database } from '../db/createDatabase.ts'
import { newPaymentReference } from '../domain/paymentReference.ts'
import { findPaymentRequest, type NewPaymentRequest } from '../payments/repository/paymentRequests.ts'
import { issueOnce } from './idempotency.ts'

const legs = databaseLegs()
const payee = '0x70997970C51812dc3A010C7d01b50e0d4dc79C8'

/** A request as a merchant's delegate signed it (the store does not check the signature). */
const signedRequest = (memo: string): Omit<NewPaymentRequest, 'id'> => ({
  terms: {
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    amount: 19_990_000n,
    payee,
    payer: null,
    memo,
    dueAt: new Date('2030-01-01T00:00:00Z'),
    reference: newPaymentReference(),
  },
  asset: { chainId: 31337, address: DEV_USDC_ADDRESS, symbol: 'USDC', decimals: 6 },
  signature: '0x01',
  createdBlock: 12_345_678_901n,
  issuedByKeyId: 'key-1',
  redirectUrl: 'https://shop.example/orders/1042',
  metadata: { orderId: '1042', lines: [1, 2] },
})

describe.each(legs)('an Idempotency-Key on $name', ({ open, skip }) => {
  let database: Database
  beforeAll(async () => {
    if (!skip) database = await open()
  })
  afterAll(async () => database?.close())
  const issue = (key: string, fingerprint: string, signed = signedRequest('Order 1042'), apiKeyId = 'key-1') =>
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
  })

  it.skipIf(skip)('refuses the key with another body, and stores nothing', async () => {
    const first = await issue('order-2001', 'body-a')
    await expect(issue('order-2001', 'body-b', signedRequest('Another order'))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      field: 'Idempotency-Key',
    })
    expect((await issue('order-2001', 'body-a')).row.id).toBe(first.row.id)
  })

  it.skipIf(skip)('leaves the key unclaimed when the request cannot be stored, so a retry makes it', async () => {
    const taken = await issue('order-3001', 'body-a')
    const sameReference = signedRequest('Order 3002')
    sameReference.terms.reference = taken.row.reference as `0x${string}`
    await expect(issue('order-3002', 'body-a', sameReference)).rejects.toMatchObject({ code: 'DUPLICATE_REFERENCE' })
    const retried = await issue('order-3002', 'body-a', signedRequest('Order 3002'))
    expect(retried.replayed).toBe(false)
    expect(retried.row.memo).toBe('Order 3002')
  })
})

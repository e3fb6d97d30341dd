import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { paymentRequests, payments } from '../../db/schema.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { alice, bob, signIn } from '../testing/graphqlClient.ts'

let app: TestApp
let cookie: string
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
  cookie = (await signIn(app.url, alice)).cookie
  const request = (id: string, fields: Partial<typeof paymentRequests.$inferInsert>) => ({
    id,
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    symbol: 'USDC',
    decimals: 6,
    amount: '1234567',
    payee: alice.address,
    memo: '',
    dueAt: new Date('2026-02-01T00:00:00Z'),
    reference: newPaymentReference(),
    signature: '0x',
    createdBlock: 0n,
    ...fields,
  })
  await app.database.db.insert(paymentRequests).values([
    request('csvUsdc', {
      memo: 'Invoice, "quoted"\nsecond line',
      status: 'paid',
      received: '1234567',
      createdAt: new Date('2026-01-05T10:00:00Z'),
      paidAt: new Date('2026-01-06T08:30:00Z'),
    }),
    request('csvEth', {
      asset: NATIVE_ASSET,
      symbol: 'ETH',
      decimals: 18,
      amount: '1000000000000000001',
      memo: '=HYPERLINK("x")',
      status: 'partially_paid',
      received: '3',
      createdAt: new Date('2026-01-07T10:00:00Z'),
    }),
    request('csvBob', { payee: bob.address, memo: 'not alice', createdAt: new Date('2026-01-08T10:00:00Z') }),
  ])
  const payment = (requestId: string, txByte: string, amount: string, blockTime: string) => ({
    chainId: 31337,
    txHash: `0x${txByte.repeat(64)}`,
    logIndex: 0,
    requestId,
    fromAddress: bob.address,
    amount,
    blockNumber: 7n,
    blockHash: `0x${'e'.repeat(64)}`,
    blockTime: new Date(blockTime),
  })
  await app.database.db
    .insert(payments)
    .values([
      payment('csvUsdc', 'a', '1000000', '2026-01-06T08:00:00Z'),
      payment('csvUsdc', 'b', '234567', '2026-01-06T08:30:00Z'),
      payment('csvEth', 'c', '3', '2026-01-08T00:00:00Z'),
    ])
})
afterAll(async () => app?.close())

const download = (path: string, withCookie = true) =>
  fetch(new URL(path, app.url), { headers: withCookie ? { cookie } : {} })
const rowsOf = async (response: Response) => parse(await response.text(), { columns: true }) as Record<string, string>[]

describe('CSV export', () => {
  it('gives the filtered requests with exact amounts in base units and decimals and ISO-8601 UTC dates', async () => {
    const response = await download('/export/requests.csv')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="billfold-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const rows = await rowsOf(response)
    expect(rows.map((r) => r.id)).toEqual(['csvEth', 'csvUsdc'])
    expect(rows[0]).toMatchObject({
      symbol: 'ETH',
      amount_base_units: '1000000000000000001',
      amount: '1.000000000000000001',
      received_base_units: '3',
      received: '0.000000000000000003',
      memo: `'=HYPERLINK("x")`,
    })
    expect(rows[1]).toMatchObject({
      created_at: '2026-01-05T10:00:00.000Z',
      due_at: '2026-02-01T00:00:00.000Z',
      paid_at: '2026-01-06T08:30:00.000Z',
      status: 'paid',
      amount: '1.234567',
      memo: 'Invoice, "quoted"\nsecond line',
    })
  })

  it('gives one row per payment', async () => {
    const rows = await rowsOf(await download('/export/payments.csv'))
    expect(rows.map((r) => [r.request_id, r.amount_base_units, r.amount, r.block_time])).toEqual([
      ['csvUsdc', '1000000', '1', '2026-01-06T08:00:00.000Z'],
      ['csvUsdc', '234567', '0.234567', '2026-01-06T08:30:00.000Z'],
      ['csvEth', '3', '0.000000000000000003', '2026-01-08T00:00:00.000Z'],
    ])
    expect(rows[0]).toMatchObject({
      tx_hash: `0x${'a'.repeat(64)}`,
      from: bob.address,
      chain_id: '31337',
      symbol: 'USDC',
    })
  })

  it('applies the dashboard filters, and an export of nothing is a valid file with its header only', async () => {
    expect((await rowsOf(await download('/export/requests.csv?status=paid'))).map((r) => r.id)).toEqual(['csvUsdc'])
    expect((await rowsOf(await download('/export/payments.csv?asset=native'))).map((r) => r.request_id)).toEqual([
      'csvEth',
    ])
    const empty = await download('/export/requests.csv?search=no%20such%20memo')
    expect(empty.status).toBe(200)
    const text = await empty.text()
    expect(text.trim().split('\n')).toHaveLength(1)
    expect(text).toMatch(/^id,created_at,due_at,status,/)
    expect(parse(text, { columns: true })).toEqual([])
  })

  it('refuses a bad filter naming the field, and needs a session', async () => {
    for (const [query, field] of [
      ['status=lost', 'statuses'],
      ['from=yesterday', 'from'],
      ['from=2026-02-01&to=2026-01-01', 'to'],
      ['chainId=abc', 'chainId'],
    ]) {
      const response = await download(`/export/requests.csv?${query}`)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { errors: { extensions: unknown }[] }).errors[0]!.extensions).toEqual({
        code: 'BAD_USER_INPUT',
        field,
      })
    }
    const anonymous = await download('/export/requests.csv', false)
    expect(anonymous.status).toBe(401)
  })

  it('writes a long export page after page: every row once, the header once, in order', async () => {
    const many = Array.from({ length: 1234 }, (_, i) => ({
      id: `csvMany${String(i).padStart(4, '0')}`,
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      symbol: 'USDC',
      decimals: 6,
      amount: String(i + 1),
      payee: bob.address,
      memo: `Order ${i}`,
      dueAt: new Date('2026-03-01T00:00:00Z'),
      reference: newPaymentReference(),
      signature: '0x',
      createdBlock: 0n,
      createdAt: new Date(Date.UTC(2026, 1, 1) + i * 60_000),
    }))
    await app.database.db.insert(paymentRequests).values(many)
    const response = await fetch(new URL('/export/requests.csv', app.url), {
      headers: { cookie: (await signIn(app.url, bob)).cookie },
    })
    const text = await response.text()
    expect(text.match(/^id,created_at,/gm)).toHaveLength(1)
    const rows = parse(text, { columns: true }) as Record<string, string>[]
    expect(rows.map((r) => r.id)).toEqual([...many.map((r) => r.id).reverse(), 'csvBob'])
  })
})

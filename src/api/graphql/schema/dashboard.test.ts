import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { paymentRequests, payments } from '../../../db/schema.ts'
import { newPaymentReference } from '../../../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../../../domain/paymentRequest.ts'
import { createFreshDatabase } from '../../../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { alice, bob, codes, graphql, signIn } from '../../testing/graphqlClient.ts'

const LIST = `query List($filter: PaymentRequestFilter, $first: Int, $after: String) {
  myPaymentRequests(filter: $filter, first: $first, after: $after) { items { id memo status createdAt } nextCursor }
}`
const TOTALS = `query Totals($filter: PaymentRequestFilter) {
  myReceivedTotals(filter: $filter) { chainId asset symbol received receivedDecimal payments }
  myReceivedByDay(filter: $filter) { day total { symbol received } }
}`
const CANCEL = 'mutation Cancel($id: String!) { cancelPaymentRequest(id: $id) { id status cancelledAt } }'
const GET = 'query Get($id: String!) { paymentRequest(id: $id) { status cancelledAt } }'

type Listed = {
  myPaymentRequests: {
    items: { id: string; memo: string; status: string; createdAt: string }[]
    nextCursor: string | null
  }
}

const day = (iso: string) => new Date(`${iso}T12:00:00Z`)
let counter = 0

/** A stored request of `payee` as the API would keep it; the signature is not what these tests are about. */
async function storeRequest(
  app: TestApp,
  fields: { payee?: string; memo?: string; status?: string; createdAt: Date; asset?: string; received?: bigint },
) {
  const id = `dash${String(counter++).padStart(8, '0')}`
  const native = fields.asset === NATIVE_ASSET
  await app.database.db.insert(paymentRequests).values({
    id,
    chainId: 31337,
    asset: fields.asset ?? DEV_USDC_ADDRESS,
    symbol: native ? 'ETH' : 'USDC',
    decimals: native ? 18 : 6,
    amount: '1000000',
    payee: fields.payee ?? alice.address,
    memo: fields.memo ?? '',
    dueAt: new Date(Date.now() + 86_400_000),
    reference: newPaymentReference(),
    signature: '0x',
    status: fields.status ?? 'open',
    received: (fields.received ?? 0n).toString(),
    createdBlock: 0n,
    createdAt: fields.createdAt,
  })
  return id
}

async function storePayment(app: TestApp, requestId: string, amount: bigint, blockTime: Date) {
  await app.database.db.insert(payments).values({
    chainId: 31337,
    txHash: `0x${(counter++).toString(16).padStart(64, '0')}`,
    logIndex: 0,
    requestId,
    fromAddress: bob.address,
    amount: amount.toString(),
    blockNumber: 1n,
    blockHash: `0x${'1'.repeat(64)}`,
    blockTime,
  })
}

const databases = [
  { name: 'PGlite', url: async () => undefined },
  {
    name: 'PostgreSQL',
    url: async () => (inject('postgresUrl') ? createFreshDatabase(inject('postgresUrl')) : undefined),
    skip: !inject('postgresUrl'),
  },
]

describe.each(databases)('the payee dashboard API on $name', ({ url, skip }) => {
  let app: TestApp
  let cookie: string
  beforeAll(async () => {
    if (skip) return
    app = await startTestApp({
      anvilUrl: inject('anvilUrl'),
      databaseUrl: await url(),
      rateLimitPerMinute: 0,
      watch: false,
    })
    cookie = (await signIn(app.url, alice)).cookie
  })
  afterAll(async () => app?.close())

  it.skipIf(skip)(
    'pages through 120 requests newest first with cursors, each once, only the signed-in payee’s',
    async () => {
      const start = Date.UTC(2026, 0, 1)
      for (let i = 0; i < 120; i++)
        await storeRequest(app, { memo: `Page test ${i}`, createdAt: new Date(start + i * 60_000) })
      await storeRequest(app, { payee: bob.address, memo: 'Page test of bob', createdAt: new Date(start) })
      const seen: string[] = []
      let after: string | null = null
      const pageSizes: number[] = []
      do {
        const response: { data?: Listed } = await graphql<Listed>(app.url, LIST, {
          variables: { filter: { search: 'page test' }, first: 50, after },
          cookie,
        })
        const page: Listed['myPaymentRequests'] = response.data!.myPaymentRequests
        pageSizes.push(page.items.length)
        seen.push(...page.items.map((r) => r.memo))
        after = page.nextCursor
      } while (after)
      expect(pageSizes).toEqual([50, 50, 20])
      expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `Page test ${119 - i}`))
    },
  )

  it.skipIf(skip)('filters by status, asset, created range and memo text, with % and _ taken literally', async () => {
    await storeRequest(app, { memo: 'Filter: 100% paid', status: 'paid', createdAt: day('2025-03-10') })
    await storeRequest(app, { memo: 'Filter: open_one', createdAt: day('2025-03-20') })
    await storeRequest(app, { memo: 'Filter: native', asset: NATIVE_ASSET, createdAt: day('2025-04-02') })
    const memos = async (filter: Record<string, unknown>) =>
      (
        await graphql<Listed>(app.url, LIST, { variables: { filter: { search: 'Filter:', ...filter } }, cookie })
      ).data!.myPaymentRequests.items.map((r) => r.memo)
    expect(await memos({ statuses: ['paid'] })).toEqual(['Filter: 100% paid'])
    expect(await memos({ asset: 'native' })).toEqual(['Filter: native'])
    expect(await memos({ from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z' })).toEqual([
      'Filter: open_one',
      'Filter: 100% paid',
    ])
    expect(await memos({ search: '100%' })).toEqual(['Filter: 100% paid'])
    expect(await memos({ search: 'open_' })).toEqual(['Filter: open_one'])
    expect(await memos({ search: 'OPEN_ONE' })).toEqual(['Filter: open_one'])
    expect(await memos({ search: 'nothing like this' })).toEqual([])
  })

  it.skipIf(skip)('totals what was received per asset in the range, and per day for the chart', async () => {
    const first = await storeRequest(app, { memo: 'Totals a', status: 'paid', createdAt: day('2024-06-01') })
    const second = await storeRequest(app, { memo: 'Totals b', status: 'partially_paid', createdAt: day('2024-06-01') })
    await storePayment(app, first, 1_000_000n, day('2024-06-02'))
    await storePayment(app, second, 250_000n, day('2024-06-02'))
    await storePayment(app, second, 250_001n, day('2024-06-05'))
    await storePayment(app, second, 7n, day('2024-07-01'))
    const response = await graphql<{ myReceivedTotals: unknown[]; myReceivedByDay: unknown[] }>(app.url, TOTALS, {
      variables: { filter: { from: '2024-06-01T00:00:00Z', to: '2024-07-01T00:00:00Z' } },
      cookie,
    })
    expect(response.data!.myReceivedTotals).toEqual([
      {
        chainId: 31337,
        asset: DEV_USDC_ADDRESS,
        symbol: 'USDC',
        received: '1500001',
        receivedDecimal: '1.500001',
        payments: 3,
      },
    ])
    expect(response.data!.myReceivedByDay).toEqual([
      { day: '2024-06-02', total: { symbol: 'USDC', received: '1250000' } },
      { day: '2024-06-05', total: { symbol: 'USDC', received: '250001' } },
    ])
  })

  it.skipIf(skip)('answers bad filters with the field at fault and changes nothing', async () => {
    const empty = await graphql(app.url, LIST, {
      variables: { filter: { from: '2025-05-01T00:00:00Z', to: '2025-04-01T00:00:00Z' } },
      cookie,
    })
    expect(empty.errors![0]).toMatchObject({
      message: 'to must be after from: the date range is empty.',
      extensions: { code: 'BAD_USER_INPUT', field: 'to' },
    })
    const notADate = await graphql(app.url, LIST, { variables: { filter: { from: '2025-02-30T99:00:00Z' } }, cookie })
    expect(notADate.errors![0]!.message).toMatch(
      /at "filter.from"; Expected type "DateTime". DateTime must be an ISO-8601 string/,
    )
    expect(codes(notADate)).toEqual(['BAD_USER_INPUT'])
    const unknownStatus = await graphql(app.url, LIST, { variables: { filter: { statuses: ['lost'] } }, cookie })
    expect(codes(unknownStatus)).toEqual(['BAD_USER_INPUT'])
    expect(unknownStatus.errors![0]!.message).toMatch(/"lost".*PaymentStatus/)
    for (const after of [
      'not-a-cursor',
      Buffer.from('["2025-01-01T00:00:00Z","x; drop table"]').toString('base64url'),
      Buffer.from('{}').toString('base64url'),
    ]) {
      const tampered = await graphql(app.url, LIST, { variables: { after }, cookie })
      expect(tampered.errors![0]).toMatchObject({
        message: 'after is not a cursor this API gave out: start again from the first page.',
        extensions: { code: 'BAD_USER_INPUT', field: 'after' },
      })
    }
    expect(codes(await graphql(app.url, LIST, {}))).toEqual(['UNAUTHENTICATED'])
  })

  it.skipIf(skip)(
    'cancels an unpaid request of the payee, and refuses others’, paid ones and unknown ids without changing them',
    async () => {
      const open = await storeRequest(app, { memo: 'Cancel me', createdAt: new Date() })
      const cancelled = await graphql<{ cancelPaymentRequest: { status: string; cancelledAt: string } }>(
        app.url,
        CANCEL,
        { variables: { id: open }, cookie },
      )
      expect(cancelled.data!.cancelPaymentRequest.status).toBe('cancelled')
      expect(
        (await graphql<{ paymentRequest: { status: string } }>(app.url, GET, { variables: { id: open } })).data!
          .paymentRequest.status,
      ).toBe('cancelled')

      const bobs = await storeRequest(app, { payee: bob.address, createdAt: new Date() })
      const notMine = await graphql(app.url, CANCEL, { variables: { id: bobs }, cookie })
      expect(notMine.errors![0]).toMatchObject({
        message: 'There is no payment request with this id among this business’s requests.',
        extensions: { code: 'NOT_FOUND' },
      })

      const paid = await storeRequest(app, { status: 'paid', received: 1_000_000n, createdAt: new Date() })
      await storePayment(app, paid, 1_000_000n, new Date())
      const refused = await graphql(app.url, CANCEL, { variables: { id: paid }, cookie })
      expect(refused.errors![0]).toMatchObject({ extensions: { code: 'PAYMENT_RECEIVED' } })

      expect(codes(await graphql(app.url, CANCEL, { variables: { id: 'doesNotExist1234' }, cookie }))).toEqual([
        'NOT_FOUND',
      ])
      expect(codes(await graphql(app.url, CANCEL, { variables: { id: open } }))).toEqual(['UNAUTHENTICATED'])
      for (const [id, status] of [
        [bobs, 'open'],
        [paid, 'paid'],
      ] as const) {
        const [row] = await app.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id))
        expect(row).toMatchObject({ status, cancelledAt: null })
      }
    },
  )
})

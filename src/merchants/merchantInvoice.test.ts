import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { auditEntries } from '../api/testing/businessClient.ts'
import { alice, signIn } from '../api/testing/graphqlClient.ts'
import { sellerInput, setSellerDetails } from '../api/testing/invoiceClient.ts'
import { createApiKey, rest } from '../api/testing/merchantClient.ts'

const postgresUrl = inject('postgresUrl')

const order = (i: number) => ({
  chainId: 31337,
  asset: DEV_USDC_ADDRESS,
  buyer: { name: `Customer ${i}`, email: `c${i}@shop.example` },
  lines: [
    { description: 'Monthly plan', quantity: '1', unitPrice: '29.99', taxRate: '20' },
    { description: 'Extra seats', quantity: '3', unitPrice: '4.5', taxRate: '20' },
  ],
})

describe.skipIf(!postgresUrl)('invoices issued by merchants’ servers through two servers on one PostgreSQL', () => {
  const servers: TestApp[] = []
  let secret: string
  let cookie: string
  beforeAll(async () => {
    const databaseUrl = await createFreshDatabase(postgresUrl)
    for (let i = 0; i < 2; i++)
      servers.push(
        await startTestApp({ anvilUrl: inject('anvilUrl'), databaseUrl, watch: false, rateLimitPerMinute: 0 }),
      )
    ;({ cookie } = await signIn(servers[0]!.url, alice))
    await setSellerDetails(servers[0]!.url, cookie, sellerInput({ numberPattern: 'SHOP-{seq:5}' }))
    secret = (await createApiKey(servers[0]!.url, cookie, alice)).data!.createApiKey.secret
  })
  afterAll(async () => Promise.all(servers.map((s) => s.close())))

  it('numbers 20 invoices issued at once 1 to 20, none twice and none skipped, with bad ones among them taking no number', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        rest(servers[i % 2]!.url, '/invoices', {
          method: 'POST',
          secret,
          // Every sixth is refused (a rate of 150 %): it must not use up a number.
          body: i % 6 === 5 ? { ...order(i), lines: [{ ...order(i).lines[0]!, taxRate: '150' }] } : order(i),
        }),
      ),
    )
    expect(answers.filter((a) => a.status === 400).map((a) => a.body)).toEqual(
      Array(4).fill({
        error: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'lines[0].taxRate' }),
      }),
    )
    const issued = answers.filter((a) => a.status === 201)
    const numbers = issued.map((a) => (a.body!.invoice as { number: string }).number).sort()
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `SHOP-${String(i + 1).padStart(5, '0')}`))
    const document = (await rest(servers[0]!.url, '/openapi.json')).body!
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    const validate = ajv.compile({ components: document.components, $ref: '#/components/schemas/Invoice' })
    for (const answer of issued) expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true)
    // 29.99 + 13.50 = 43.49 and 20 % of it, exact in USDC's six decimals: 52.188 USDC.
    expect(new Set(issued.map((a) => a.body!.amount))).toEqual(new Set(['52188000']))
  })

  it('issues an invoice once per Idempotency-Key: retries at once get it back, take no number and log nothing', async () => {
    const send = (body: object, server = 0) =>
      rest(servers[server]!.url, '/invoices', {
        method: 'POST',
        secret,
        body,
        headers: { 'idempotency-key': 'order-7' },
      })
    const tries = await Promise.all([send(order(7), 0), send(order(7), 1), send(order(7), 0)])
    expect(tries.map((t) => t.status).sort()).toEqual([200, 200, 201])
    expect(new Set(tries.map((t) => (t.body!.invoice as { number: string }).number))).toEqual(new Set(['SHOP-00021']))
    expect(tries.filter((t) => t.headers.get('idempotent-replayed') === 'true')).toHaveLength(2)
    const other = await send(order(8), 1)
    expect(other.status).toBe(409)
    expect(other.body).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' } })
    // The replays changed nothing: the audit log has the invoice issued, once.
    const entries = await auditEntries(servers[0]!.url, cookie)
    expect(entries.filter((e) => e.action === 'createInvoice' && e.objectId === tries[0]!.body!.id)).toHaveLength(1)
    const next = await rest(servers[0]!.url, '/invoices', { method: 'POST', secret, body: order(9) })
    expect((next.body!.invoice as { number: string }).number).toBe('SHOP-00022')
  })

  it('names a JSON number where a decimal string belongs', async () => {
    const refused = await rest(servers[1]!.url, '/invoices', {
      method: 'POST',
      secret,
      body: { ...order(0), lines: [{ description: 'Plan', quantity: 1, unitPrice: '10' }] },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: { code: 'BAD_USER_INPUT', field: 'lines[0].quantity' } })
  })
})

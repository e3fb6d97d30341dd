import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../testing/freePort.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { auditLog } from '../../db/schema.ts'
import { pay } from '../../watcher/testing/payments.ts'
import { alice, bob, signIn } from '../testing/graphqlClient.ts'
import { createApiKey, rest } from '../testing/merchantClient.ts'
import { createTill } from '../testing/tillClient.ts'

// A chain of its own: its price feeds are fresh, and every transfer to alice on it is this file's.
let anvil: AnvilNode
let app: TestApp
let tillId: string
const keys = {} as Record<'sales' | 'requests' | 'readsSales' | 'bobSales', string>
beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0 })
  const aliceCookie = (await signIn(app.url, alice)).cookie
  const bobCookie = (await signIn(app.url, bob)).cookie
  const till = await createTill(app.url, aliceCookie, alice, {
    name: 'Front counter',
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    currency: 'EUR',
    tips: ['10'],
  })
  tillId = till.id!
  const keyOf = async (cookie: string, payee: typeof alice, scopes: string[]) =>
    (await createApiKey(app.url, cookie, payee, { name: 'Till server', scopes })).data!.createApiKey.secret
  keys.sales = await keyOf(aliceCookie, alice, ['sales:write', 'sales:read'])
  keys.requests = await keyOf(aliceCookie, alice, ['requests:read', 'requests:write'])
  keys.readsSales = await keyOf(aliceCookie, alice, ['sales:read'])
  keys.bobSales = await keyOf(bobCookie, bob, ['sales:write', 'sales:read'])
}, 60_000)
afterAll(async () => {
  await app?.close()
  await anvil?.stop()
})

const day = () => {
  const from = new Date()
  from.setUTCHours(0, 0, 0, 0)
  const to = new Date(from.getTime() + 86_400_000)
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`
}

/** A check of an answer against the served OpenAPI document's schema `name`, no field undocumented. */
async function documented(name: string) {
  const document = (await rest(app.url, '/openapi.json')).body!
  const ajv = new Ajv2020({ strict: false })
  addFormats(ajv)
  ajv.addSchema({ components: document.components }, 'api')
  return ajv.compile({ $ref: `api#/components/schemas/${name}`, unevaluatedProperties: false })
}

describe('REST API: tills', () => {
  it('lets a key with the sales scopes list the tills, charge a sale in euros and read the day’s report', async () => {
    const listed = await rest(app.url, '/tills', { secret: keys.sales })
    expect(listed.status).toBe(200)
    expect(listed.body!.data).toEqual([
      expect.objectContaining({
        id: tillId,
        name: 'Front counter',
        currency: 'EUR',
        unit: 'EUR',
        assetSymbol: 'USDC',
        tips: ['10'],
        linkUrl: `${app.url}/till/${tillId}`,
      }),
    ])

    const sold = await rest(app.url, `/tills/${tillId}/sales`, {
      method: 'POST',
      secret: keys.sales,
      body: { amount: '12.50', tipBps: 1000 },
    })
    expect(sold.status).toBe(201)
    // 13.75 EUR at 1 EUR = 1.0752 USD, 1 USDC = 1 USD: 14.784 USDC.
    expect(sold.body).toMatchObject({
      tillId,
      subtotal: '12.5',
      tip: '1.25',
      total: '13.75',
      paymentUri: `ethereum:${DEV_USDC_ADDRESS}@31337/transfer?address=${alice.address}&uint256=14784000`,
      request: { status: 'open', amountDecimal: '14.784', payUrl: `${app.url}/pay/${sold.body!.request.id}` },
    })
    const sale = await documented('TillSale')
    expect(sale(sold.body), JSON.stringify(sale.errors)).toBe(true)
    const till = await documented('Till')
    expect(till(listed.body!.data[0]), JSON.stringify(till.errors)).toBe(true)
    expect(sold.headers.get('location')).toBe(`/api/v1/payment-requests/${sold.body!.request.id}`)

    // A phone wallet's plain transfer of the exact amount pays it; the report counts it in euros and in USDC.
    await pay(anvil.rpcUrl, { from: 6, to: alice.address, amount: 14_784_000n })
    const report = async () =>
      (await rest(app.url, `/tills/${tillId}/report?${day()}`, { secret: keys.readsSales })).body!
    await expect.poll(async () => (await report()).paidCount, { timeout: 20_000 }).toBe(1)
    expect(await report()).toMatchObject({
      tillId,
      unit: 'EUR',
      assetSymbol: 'USDC',
      subtotal: '12.5',
      tips: '1.25',
      total: '13.75',
      received: '14.784',
      lines: [{ requestId: sold.body!.request.id, status: 'paid', total: '13.75', received: '14.784' }],
    })
    const shape = await documented('TillReport')
    expect(shape(await report()), JSON.stringify(shape.errors)).toBe(true)
  })

  it('refuses a key without the sales scope, naming the scope it lacks', async () => {
    const sale = await rest(app.url, `/tills/${tillId}/sales`, {
      method: 'POST',
      secret: keys.requests,
      body: { amount: '12.50' },
    })
    expect(sale.status).toBe(403)
    expect(sale.body!.error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This API key lacks the sales:write scope. Create a key with it in Billfold.',
    })
    const readOnly = await rest(app.url, `/tills/${tillId}/sales`, {
      method: 'POST',
      secret: keys.readsSales,
      body: { amount: '12.50' },
    })
    expect(readOnly.status).toBe(403)
    for (const path of ['/tills', `/tills/${tillId}/report?${day()}`]) {
      const read = await rest(app.url, path, { secret: keys.requests })
      expect(read.status, path).toBe(403)
      expect(read.body!.error.message, path).toBe(
        'This API key lacks the sales:read scope. Create a key with it in Billfold.',
      )
    }
  })

  it('names the wrong field, and tells another payee’s key there is no such till', async () => {
    const sell = (body: unknown, secret = keys.sales) =>
      rest(app.url, `/tills/${tillId}/sales`, { method: 'POST', secret, body })
    expect((await sell({ amount: 12.5 })).body!.error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'amount' })
    expect((await sell({ amount: '12.50', tipBps: 1500 })).body!.error).toMatchObject({
      field: 'tipBps',
      message: 'This tip is not one of the till’s choices.',
    })
    expect((await sell({ amount: '12.50', tipBps: 1000, tip: '1' })).body!.error).toMatchObject({ field: 'tip' })
    expect((await sell({ amount: '12.50', discount: '1' })).body!.error).toMatchObject({ field: 'discount' })
    const noSpan = await rest(app.url, `/tills/${tillId}/report?from=yesterday`, { secret: keys.sales })
    expect(noSpan.status).toBe(400)
    expect(noSpan.body!.error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'from' })

    const foreign = await sell({ amount: '12.50' }, keys.bobSales)
    expect(foreign.status).toBe(404)
    expect(foreign.body!.error).toMatchObject({ code: 'NOT_FOUND', field: 'id' })
    expect((await rest(app.url, '/tills', { secret: keys.bobSales })).body!.data).toEqual([])
  })

  it('audits a till set up and a sale charged over REST as the same changes made in the app, naming the key and where it called from', async () => {
    const secret = (
      await createApiKey(app.url, (await signIn(app.url, alice)).cookie, alice, {
        name: 'Kiosk',
        scopes: ['tills:manage', 'sales:write'],
      })
    ).data!.createApiKey
    const made = await rest(app.url, '/tills', {
      method: 'POST',
      secret: secret.secret,
      body: { name: 'Kiosk', chainId: 31337, asset: DEV_USDC_ADDRESS },
    })
    expect(made.status).toBe(201)
    const kiosk = made.body!.id as string
    const sold = await rest(app.url, `/tills/${kiosk}/sales`, {
      method: 'POST',
      secret: secret.secret,
      body: { amount: '2' },
    })
    expect(sold.status).toBe(201)
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, kiosk))
      .orderBy(asc(auditLog.id))
    expect(entries.map((e) => [e.action, e.actor, e.role, e.business])).toEqual([
      ['createTill', `apiKey:${secret.apiKey.id}`, 'owner', alice.address],
      ['chargeSale', `apiKey:${secret.apiKey.id}`, 'owner', alice.address],
    ])
    for (const entry of entries) expect(entry.clientIp).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)
  })
})

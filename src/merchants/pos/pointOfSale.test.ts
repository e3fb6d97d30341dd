import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { freePort } from '../../../testing/freePort.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_EURC_ADDRESS, DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { alice, bob, codes, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import { chargeSale, createTill } from '../../api/testing/tillClient.ts'
import { pay } from '../../watcher/testing/payments.ts'

// A chain of its own: every transfer to alice on it is this file's, matched by amount.
let anvil: AnvilNode
let app: TestApp
let aliceCookie: string
let bobCookie: string
beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  // PostgreSQL when the run has one: there two charges really run at once.
  const postgresUrl = inject('postgresUrl')
  const databaseUrl = postgresUrl ? await createFreshDatabase(postgresUrl) : undefined
  app = await startTestApp({ anvilUrl: anvil.rpcUrl, databaseUrl, rateLimitPerMinute: 0 })
  aliceCookie = (await signIn(app.url, alice)).cookie
  bobCookie = (await signIn(app.url, bob)).cookie
}, 60_000)
afterAll(async () => {
  await app?.close()
  await anvil?.stop()
})

const statusOf = async (id: string) =>
  (
    await graphql<{ paymentRequest: { status: string; payments: { matchedBy: string }[] } }>(
      app.url,
      'query($id: String!) { paymentRequest(id: $id) { status payments { matchedBy } } }',
      { variables: { id } },
    )
  ).data!.paymentRequest
const unmatchedHashes = async () =>
  (
    await graphql<{ myUnmatchedTransfers: { items: { txHash: string }[] } }>(
      app.url,
      '{ myUnmatchedTransfers { items { txHash } } }',
      { cookie: aliceCookie },
    )
  ).data!.myUnmatchedTransfers.items.map((t) => t.txHash)
const REPORT =
  'query($id: String!, $from: DateTime!, $to: DateTime!) { tillReport(id: $id, from: $from, to: $to) { unit assetSymbol paidCount subtotal tips total received lines { status total tip } } }'
const today = () => {
  const from = new Date()
  from.setUTCHours(0, 0, 0, 0)
  return { from: from.toISOString(), to: new Date(from.getTime() + 86_400_000).toISOString() }
}

describe('the point of sale', () => {
  it('keeps two open sales’ amounts apart, so a plain transfer of each amount pays its own sale and the day’s report sums them', async () => {
    const till = await createTill(app.url, aliceCookie, alice, {
      name: 'Front counter',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      tips: ['10'],
    })
    expect(till.errors).toBeUndefined()
    const first = (await chargeSale(app.url, aliceCookie, till.id!, { amount: '12.50' })).data!.chargeSale
    const second = (await chargeSale(app.url, aliceCookie, till.id!, { amount: '12.50', tipBps: 1000 })).data!
      .chargeSale
    const third = (await chargeSale(app.url, aliceCookie, till.id!, { amount: '12.50' })).data!.chargeSale
    expect(first).toMatchObject({ subtotal: '12.5', tip: '0', total: '12.5', request: { amountDecimal: '12.5' } })
    expect(second).toMatchObject({ subtotal: '12.5', tip: '1.25', total: '13.75', request: { amountDecimal: '13.75' } })
    // The same 12.50 again: one base unit more, so a scanned transfer can tell the two apart.
    expect(third.request.amountDecimal).toBe('12.500001')
    expect(third.paymentUri).toBe(
      `ethereum:${DEV_USDC_ADDRESS}@31337/transfer?address=${alice.address}&uint256=12500001`,
    )

    // Plain transfers with no reference, as a phone's wallet sends from the QR code.
    await pay(anvil.rpcUrl, { from: 6, to: alice.address, amount: 12_500_000n })
    await pay(anvil.rpcUrl, { from: 7, to: alice.address, amount: 12_500_001n })
    for (const sale of [first, third])
      await expect
        .poll(async () => statusOf(sale.request.id), { timeout: 15_000, interval: 100 })
        .toEqual({ status: 'paid', payments: [{ matchedBy: 'amount' }] })
    expect((await statusOf(second.request.id)).status).toBe('open')

    const report = await graphql<{ tillReport: Record<string, unknown> }>(app.url, REPORT, {
      variables: { id: till.id, ...today() },
      cookie: aliceCookie,
    })
    expect(report.data!.tillReport).toMatchObject({
      unit: 'USDC',
      assetSymbol: 'USDC',
      paidCount: 2,
      subtotal: '25',
      tips: '0',
      total: '25',
      received: '25.000001',
      lines: [
        { status: 'paid', total: '12.5', tip: '0' },
        { status: 'open', total: '13.75', tip: '1.25' },
        { status: 'paid', total: '12.5', tip: '0' },
      ],
    })
  })

  it('leaves a plain transfer unmatched when two open requests have that amount due', async () => {
    const one = await createRequest(app.url, aliceCookie, alice, { amount: '7.77' })
    const two = await createRequest(app.url, aliceCookie, alice, { amount: '7.77' })
    const hash = await pay(anvil.rpcUrl, { from: 8, to: alice.address, amount: 7_770_000n })
    await expect.poll(unmatchedHashes, { timeout: 15_000, interval: 100 }).toContain(hash)
    expect((await statusOf(one.id)).status).toBe('open')
    expect((await statusOf(two.id)).status).toBe('open')
  })

  it('prices a sale in the shop’s currency in the till’s token at the feeds’ rate', async () => {
    const till = await createTill(app.url, aliceCookie, alice, {
      name: 'Café',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      currency: 'EUR',
      items: [{ name: 'Croissant', price: '2.40' }],
      tips: ['5', '10'],
    })
    expect(till.errors).toBeUndefined()
    const sale = (await chargeSale(app.url, aliceCookie, till.id!, { amount: '12.50', tip: '0.50' })).data!.chargeSale
    // 13.00 EUR at 1 EUR = 1.0752 USD, 1 USDC = 1 USD.
    expect(sale).toMatchObject({ subtotal: '12.5', tip: '0.5', total: '13', request: { amountDecimal: '13.9776' } })
    const current = await graphql<{ tillCurrentSale: { id: string } }>(
      app.url,
      'query($id: String!) { tillCurrentSale(id: $id) { id } }',
      { variables: { id: till.id } },
    )
    expect(current.data!.tillCurrentSale.id).toBe(sale.request.id)
  })

  it('keeps sales charged at the same moment apart: each gets its own amount', async () => {
    const till = await createTill(app.url, aliceCookie, alice, {
      name: 'Rush',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
    })
    const sales = await Promise.all(
      Array.from({ length: 4 }, () => chargeSale(app.url, aliceCookie, till.id!, { amount: '4.20' })),
    )
    const amounts = sales.map((s) => s.data!.chargeSale.request.amountDecimal).sort()
    expect(amounts).toEqual(['4.2', '4.200001', '4.200002', '4.200003'])
  })

  it('serves the till’s web-app manifest and its icon, drawn in the repository', async () => {
    const manifest = await fetch(new URL('/pos-app/manifest.webmanifest', app.url))
    expect(manifest.headers.get('cache-control')).not.toContain('immutable')
    const body = (await manifest.json()) as { start_url: string; display: string; icons: { src: string }[] }
    expect(body).toMatchObject({ start_url: '/pos', display: 'standalone' })
    const icon = await fetch(new URL(body.icons[0]!.src, app.url))
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml'])
  })

  it('names each wrong field of a till, and refuses a tip the till does not offer', async () => {
    const wrong = await createTill(app.url, aliceCookie, alice, {
      name: ' ',
      chainId: 31337,
      asset: DEV_EURC_ADDRESS,
      currency: 'XYZ',
      items: [{ name: 'Tea', price: '-1' }],
      tips: ['90'],
    })
    expect(wrong.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        name: 'The till needs a name, such as “Front counter”.',
        currency: 'Prices in XYZ cannot be quoted on this network.',
        'items.0.price': 'The price of item 1 must be more than zero.',
        tips: 'Each tip is a percentage above 0 and at most 50, such as 10 or 12.5.',
      },
    })
    const till = await createTill(app.url, aliceCookie, alice, { name: 'Bar', chainId: 31337, asset: DEV_USDC_ADDRESS })
    const tip = await chargeSale(app.url, aliceCookie, till.id!, { amount: '3', tipBps: 1500 })
    expect(tip.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'tipBps' })
  })

  it('lets no other payee sell at a till or read its report', async () => {
    const till = await createTill(app.url, aliceCookie, alice, {
      name: 'Kiosk',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
    })
    expect(codes(await chargeSale(app.url, bobCookie, till.id!, { amount: '1' }))).toEqual(['NOT_FOUND'])
    const report = await graphql(app.url, REPORT, { variables: { id: till.id, ...today() }, cookie: bobCookie })
    expect(codes(report)).toEqual(['NOT_FOUND'])
    expect(codes(await chargeSale(app.url, '', till.id!, { amount: '1' }))).toEqual(['UNAUTHENTICATED'])
  })
})

import { sql } from 'drizzle-orm'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { devTokens } from '../../../chain/tokens.ts'
import { devAccounts } from '../../../chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../../../chain/devnet/setUpDevPriceFeeds.ts'
import { pay } from '../../../watcher/testing/payments.ts'
import { resultRows } from '../../../db/rawStatements.ts'
import { alice, codes, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createApiKey, createPaymentLink, rest } from '../../testing/merchantClient.ts'
import {
  authoriseQuoteKey,
  createPricedRequest,
  quoteOf,
  readPriced,
  signedPricedInput,
  type PricedInput,
} from '../../testing/pricedRequestClient.ts'

const USDC = devTokens.find((t) => t.symbol === 'USDC')!.address as Address

describe('making a priced request', () => {
  const anvilUrl = inject('anvilUrl')
  let app: TestApp
  let cookie: string
  beforeAll(async () => {
    // As `npm start` does: the shared chain's feeds are fresh whatever other tests did to its clock.
    await refreshDevPriceFeeds(anvilUrl, devAccounts[0]!)
    app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0 })
    cookie = (await signIn(app.url, alice)).cookie
    await authoriseQuoteKey(app.url, cookie, alice)
  })
  afterAll(async () => app?.close())
  const quote = (id: string, asset: string) => quoteOf(app.url, id, asset)
  const read = (id: string) => readPriced(app.url, id)

  it('is made by a merchant’s server through REST, its quotes signed by the API key’s delegate, and paid', async () => {
    const key = await createApiKey(app.url, cookie, alice)
    const secret = key.data!.createApiKey.secret
    const made = await rest(app.url, '/payment-requests', {
      method: 'POST',
      secret,
      body: {
        chainId: 31337,
        price: { currency: 'USD', amount: '250.00' },
        acceptedAssets: [USDC],
        dueAt: new Date(Date.now() + 86_400_000).toISOString(),
        memo: 'Order 7',
      },
    })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      asset: 'USD',
      price: { currency: 'USD', amount: '250', minor: '25000' },
      acceptedAssets: [USDC],
      toleranceBps: 0,
    })
    const quoted = (await quote(made.body!.id as string, USDC)).data!.quotePaymentRequest
    expect(quoted.amount).toBe('250000000')
    await pay(anvilUrl, { from: 3, to: alice.address, amount: 250_000_000n, reference: quoted.reference })
    await expect.poll(async () => (await read(made.body!.id as string)).status, { timeout: 15_000 }).toBe('paid')
    const refused = await rest(app.url, '/payment-requests', {
      method: 'POST',
      secret,
      body: {
        chainId: 31337,
        price: { currency: 'USD', amount: 250 },
        acceptedAssets: [USDC],
        dueAt: '2030-01-01T00:00:00Z',
      },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: { code: 'BAD_USER_INPUT', field: 'price' } })
  })

  it('refuses a bad price field by field and stores nothing', async () => {
    const count = async () =>
      resultRows<{ n: number }>(await app.database.db.execute(sql`select count(*)::int as n from payment_requests`))[0]!
        .n
    const before = await count()
    for (const [overrides, field, words] of [
      [{ currency: 'XYZ' }, 'currency', /currencies Billfold prices in/],
      // The dev chain has no AUD/USD feed: no payer could be quoted.
      [{ currency: 'AUD' }, 'currency', /AUD has no price feed on this network/],
      [{ price: '0' }, 'price', /above 0|greater than 0|zero/i],
      [{ price: '10.005' }, 'price', /at most 2 decimal/],
      [{ currency: 'JPY', price: '100.5' }, 'price', /whole number/],
      [
        { acceptedAssets: ['0x0000000000000000000000000000000000000001'] },
        'acceptedAssets',
        /not a token this network can price/,
      ],
      [{ tolerance: '5.01' }, 'tolerance', /at most 5 %/],
    ] as const) {
      const refused = await createPricedRequest(
        app.url,
        cookie,
        await signedPricedInput(alice, { acceptedAssets: [USDC], ...(overrides as Partial<PricedInput>) }),
      )
      expect(codes(refused)).toEqual(['BAD_USER_INPUT'])
      expect(refused.errors![0]!.extensions!.field).toBe(field)
      expect(refused.errors![0]!.message).toMatch(words)
    }
    expect(await count()).toBe(before)
  })

  it('is made on each visit of a payment link priced in a currency, paid at a quote the link’s delegate signs', async () => {
    const refused = await createPaymentLink(app.url, cookie, alice, {
      title: 'Workshop seat',
      chainId: 31337,
      asset: '',
      currency: 'EUR',
      amount: '49.00',
      minAmount: '1',
      acceptedAssets: [USDC],
    })
    expect(refused.errors![0]!.extensions!.field).toBe('minAmount')
    const link = await createPaymentLink(app.url, cookie, alice, {
      title: 'Workshop seat',
      chainId: 31337,
      asset: '',
      currency: 'EUR',
      amount: '49.00',
      acceptedAssets: [USDC],
    })
    expect(link.errors).toBeUndefined()
    const visit = await graphql<{ payWithLink: { id: string; price: { currency: string; amountDecimal: string } } }>(
      app.url,
      'mutation($id: String!) { payWithLink(id: $id) { id price { currency amountDecimal } } }',
      { variables: { id: link.id } },
    )
    expect(visit.data!.payWithLink.price).toEqual({ currency: 'EUR', amountDecimal: '49' })
    const quoted = (await quote(visit.data!.payWithLink.id, USDC)).data!.quotePaymentRequest
    // 49 EUR at 1.0752 USD, in USDC at 1 USD.
    expect(quoted.amount).toBe('52684800')
    await pay(anvilUrl, { from: 5, to: alice.address, amount: 52_684_800n, reference: quoted.reference })
    await expect.poll(async () => (await read(visit.data!.payWithLink.id)).status, { timeout: 15_000 }).toBe('paid')
  })
})

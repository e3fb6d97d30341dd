import { eq, sql } from 'drizzle-orm'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import { DEV_FEED_ANSWERS, FIRST_ROUND_ID, refreshDevPriceFeeds } from '../../../chain/devnet/setUpDevPriceFeeds.ts'
import { devAccounts } from '../../../chain/devnet/setUpDevChain.ts'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { DEV_PRICE_FEEDS } from '../../../chain/priceFeeds.ts'
import { devTokens } from '../../../chain/tokens.ts'
import { chainClients, pay } from '../../../chain/watcher/testing/payments.ts'
import { testPriceFeedAbi } from '../../../chain/devnet/testPriceFeedArtifact.ts'
import { resultRows } from '../../../db/rawStatements.ts'
import { paymentRequests, priceQuotes } from '../../../db/schema.ts'
import { NATIVE_ASSET } from '../../../domain/paymentRequest.ts'
import { alice, codes, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createApiKey, rest } from '../../testing/merchantClient.ts'
import {
  authoriseQuoteKey,
  createPricedRequest,
  signedPricedInput,
  type PricedInput,
} from '../../testing/pricedRequestClient.ts'

const token = (symbol: string) => devTokens.find((t) => t.symbol === symbol)!.address as Address
const USDC = token('USDC')
const EURC = token('EURC')

const QUOTE = `mutation Quote($id: String!, $asset: String!) {
  quotePaymentRequest(id: $id, asset: $asset) {
    id reference asset symbol amount amountDecimal dueAt pricedRequestId
    quote { price priceDecimal currency amount tokenRound tokenAnswer currencyRound currencyAnswer expiresAt signature }
  }
}`
const GET = `query Get($id: String!) {
  paymentRequest(id: $id) {
    status amount received receivedDecimal price { amountDecimal }
    pricedPayments { amount amountDecimal symbol value valueDecimal valuedAt }
  }
}`

type Quoted = {
  id: string
  reference: `0x${string}`
  asset: string
  amount: string
  quote: { price: string; amount: string; tokenRound: string; expiresAt: string }
}
type Got = {
  status: string
  received: string
  receivedDecimal: string
  pricedPayments: { amount: string; symbol: string; value: string | null; valuedAt: string | null }[]
}

describe('requests priced in a currency', () => {
  let anvil: AnvilNode
  let app: TestApp
  let cookie: string
  beforeAll(async () => {
    // A chain of its own: these tests change its feeds and its clock.
    anvil = await startTestChain(8597)
    app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0 })
    cookie = (await signIn(app.url, alice)).cookie
    await authoriseQuoteKey(app.url, cookie, alice)
  })
  afterAll(async () => {
    await app?.close()
    await anvil?.stop()
  })

  const priced = async (overrides: Parameters<typeof signedPricedInput>[1] = {}) => {
    const created = await createPricedRequest(
      app.url,
      cookie,
      await signedPricedInput(alice, { acceptedAssets: [USDC, EURC, NATIVE_ASSET], ...overrides }),
    )
    expect(created.errors).toBeUndefined()
    return created.data!.createPricedPaymentRequest
  }
  const quote = async (id: string, asset: string) => {
    const answer = await graphql<{ quotePaymentRequest: Quoted }>(app.url, QUOTE, { variables: { id, asset } })
    return answer
  }
  const read = async (id: string) =>
    (await graphql<{ paymentRequest: Got }>(app.url, GET, { variables: { id } })).data!.paymentRequest

  it('quotes 1,500 EUR in USDC, EURC and ETH from the feeds, and each paid at its quote is paid', async () => {
    for (const [asset, expected] of [
      // 1,500 EUR × 1.0752 USD: / 1.0000 USDC; / 1.0750 EURC (trading just below the euro); / 3000 ETH,
      // each rounded up to the token's unit.
      [USDC, 1_612_800_000n],
      [EURC, 1_500_279_070n],
      [NATIVE_ASSET, 537_600_000_000_000_000n],
    ] as const) {
      const request = await priced()
      expect(request).toMatchObject({ status: 'open', symbol: 'EUR', decimals: 2, amount: '150000' })
      const quoted = (await quote(request.id, asset)).data!.quotePaymentRequest
      expect(BigInt(quoted.amount)).toBe(expected)
      expect(quoted.quote.price).toBe('150000')
      expect(quoted.quote.tokenRound).toBe(FIRST_ROUND_ID.toString())
      expect(new Date(quoted.quote.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000)
      // Asked again, the live quote is handed out again.
      expect((await quote(request.id, asset)).data!.quotePaymentRequest.id).toBe(quoted.id)
      await pay(anvil.rpcUrl, { from: 3, to: alice.address, amount: expected, reference: quoted.reference, asset })
      await expect.poll(async () => (await read(request.id)).status, { timeout: 15_000 }).toBe('paid')
      const paid = await read(request.id)
      expect(paid.received).toBe('150000')
      expect(paid.pricedPayments).toEqual([
        expect.objectContaining({ amount: expected.toString(), value: '150000', valuedAt: 'quote' }),
      ])
    }
  })

  it('counts a payment 1 unit short beyond a 0 % tolerance as partly paid, in both units, and one within 0.5 % as paid', async () => {
    const strict = await priced()
    const quoted = (await quote(strict.id, USDC)).data!.quotePaymentRequest
    await pay(anvil.rpcUrl, {
      from: 3,
      to: alice.address,
      amount: BigInt(quoted.amount) - 1n,
      reference: quoted.reference,
    })
    await expect.poll(async () => (await read(strict.id)).status, { timeout: 15_000 }).toBe('partially_paid')
    const partly = await read(strict.id)
    expect(partly.received).toBe('149999')
    expect(partly.pricedPayments[0]).toMatchObject({ amount: (BigInt(quoted.amount) - 1n).toString(), symbol: 'USDC' })
    // What is still due is quoted next: a cent.
    const rest = (await quote(strict.id, USDC)).data!.quotePaymentRequest
    expect(rest.quote.price).toBe('1')

    const lenient = await priced({ tolerance: '0.5' })
    const lenientQuote = (await quote(lenient.id, USDC)).data!.quotePaymentRequest
    await pay(anvil.rpcUrl, {
      from: 3,
      to: alice.address,
      amount: (BigInt(lenientQuote.amount) * 996n) / 1000n,
      reference: lenientQuote.reference,
    })
    await expect.poll(async () => (await read(lenient.id)).status, { timeout: 15_000 }).toBe('paid')
  })

  it('values a payment mined after its quote expired at its block’s rates, and one whose quote was tampered with likewise', async () => {
    const late = await priced()
    const lateQuote = (await quote(late.id, USDC)).data!.quotePaymentRequest
    const { testClient } = chainClients(anvil.rpcUrl)
    // The EUR rate moves after the quote; the payment is mined 16 minutes later.
    await setFeedAnswer(anvil.rpcUrl, 'EUR', 108_000_000n)
    await testClient.increaseTime({ seconds: 16 * 60 })
    await pay(anvil.rpcUrl, {
      from: 3,
      to: alice.address,
      amount: BigInt(lateQuote.amount),
      reference: lateQuote.reference,
    })
    await expect.poll(async () => (await read(late.id)).status, { timeout: 15_000 }).toBe('partially_paid')
    // 1,612.80 USDC at 1 EUR = 1.08 USD is 1,493.33 EUR: short of the price.
    expect((await read(late.id)).pricedPayments[0]).toMatchObject({ value: '149333', valuedAt: 'block' })
    await refreshDevPriceFeeds(anvil.rpcUrl, devAccounts[0]!)
    await setFeedAnswer(anvil.rpcUrl, 'EUR', DEV_FEED_ANSWERS.EUR)

    const forged = await priced()
    const forgedQuote = (await quote(forged.id, USDC)).data!.quotePaymentRequest
    // Someone with the database lowers the amount the quote asks for; its signature no longer fits.
    const lower = (BigInt(forgedQuote.amount) / 2n).toString()
    await app.database.db.update(priceQuotes).set({ amount: lower }).where(eq(priceQuotes.requestId, forgedQuote.id))
    await app.database.db.update(paymentRequests).set({ amount: lower }).where(eq(paymentRequests.id, forgedQuote.id))
    await pay(anvil.rpcUrl, { from: 3, to: alice.address, amount: BigInt(lower), reference: forgedQuote.reference })
    await expect.poll(async () => (await read(forged.id)).status, { timeout: 15_000 }).toBe('partially_paid')
    expect((await read(forged.id)).pricedPayments[0]!.valuedAt).toBe('block')
  })

  it('gives no quote from a stale feed, naming why', async () => {
    const request = await priced()
    await setFeedAnswer(anvil.rpcUrl, 'EUR', DEV_FEED_ANSWERS.EUR, 2 * 86_400)
    // The server shares a feed reading for a second (about a block).
    await new Promise((resolve) => setTimeout(resolve, 1100))
    try {
      const refused = await quote(request.id, USDC)
      expect(codes(refused)).toEqual(['QUOTE_UNAVAILABLE'])
      expect(refused.errors![0]!.message).toMatch(/EUR/)
    } finally {
      await setFeedAnswer(anvil.rpcUrl, 'EUR', DEV_FEED_ANSWERS.EUR)
    }
    expect(codes(await quote(request.id, '0x0000000000000000000000000000000000000001'))).toEqual(['BAD_USER_INPUT'])
  })

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
    await pay(anvil.rpcUrl, { from: 3, to: alice.address, amount: 250_000_000n, reference: quoted.reference })
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
})

/** Sets the dev chain's feed of `base` to `answer`, answered `ageSeconds` before the head's time. */
async function setFeedAnswer(rpcUrl: string, base: 'EUR', answer: bigint, ageSeconds = 0) {
  const { publicClient, walletOf } = chainClients(rpcUrl)
  const feed = DEV_PRICE_FEEDS.feeds.find((f) => f.base === base)!.address
  const { timestamp } = await publicClient.getBlock()
  const [roundId] = await publicClient.readContract({
    address: feed,
    abi: testPriceFeedAbi,
    functionName: 'latestRoundData',
  })
  const at = timestamp - BigInt(ageSeconds)
  const hash = await walletOf(0).writeContract({
    address: feed,
    abi: testPriceFeedAbi,
    functionName: 'setRound',
    args: [roundId + 1n, answer, at, at, roundId + 1n],
  })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
}

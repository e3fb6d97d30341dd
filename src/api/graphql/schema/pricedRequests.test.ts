import { eq } from 'drizzle-orm'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../../testing/freePort.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import { setFeedAnswer } from '../../../../testing/priceFeeds.ts'
import { DEV_FEED_ANSWERS, FIRST_ROUND_ID, refreshDevPriceFeeds } from '../../../chain/devnet/setUpDevPriceFeeds.ts'
import { devAccounts } from '../../../chain/devnet/setUpDevChain.ts'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { devTokens } from '../../../chain/tokens.ts'
import { chainClients, pay } from '../../../watcher/testing/payments.ts'
import { paymentRequests, payments, paymentValues, priceQuotes } from '../../../db/schema.ts'
import { NATIVE_ASSET } from '../../../domain/paymentRequest.ts'
import { alice, codes, graphql, signIn } from '../../testing/graphqlClient.ts'
import {
  authoriseQuoteKey,
  createPricedRequest,
  signedPricedInput,
  quoteOf,
  readPriced,
} from '../../testing/pricedRequestClient.ts'

const token = (symbol: string) => devTokens.find((t) => t.symbol === symbol)!.address as Address
const USDC = token('USDC')
const EURC = token('EURC')

describe('requests priced in a currency', () => {
  let anvil: AnvilNode
  let app: TestApp
  let cookie: string
  beforeAll(async () => {
    // A chain of its own: these tests change its feeds and its clock.
    anvil = await startTestChain(await freePort())
    app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0 })
    cookie = (await signIn(app.url, alice)).cookie
    await authoriseQuoteKey(app.url, cookie, alice)
  }, 60_000)
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
  const quote = (id: string, asset: string) => quoteOf(app.url, id, asset)
  const read = (id: string) => readPriced(app.url, id)

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

  it('counts a quote paid in two transfers, its amount less 1 unit then 1 unit, as paid: the running total is rounded once', async () => {
    const request = await priced({ price: '10.00' })
    const quoted = (await quote(request.id, EURC)).data!.quotePaymentRequest
    const amount = BigInt(quoted.amount)
    await pay(anvil.rpcUrl, {
      from: 3,
      to: alice.address,
      amount: amount - 1n,
      reference: quoted.reference,
      asset: EURC,
    })
    await expect.poll(async () => (await read(request.id)).status, { timeout: 15_000 }).toBe('partially_paid')
    expect((await read(request.id)).received).toBe('999')
    await pay(anvil.rpcUrl, { from: 3, to: alice.address, amount: 1n, reference: quoted.reference, asset: EURC })
    await expect.poll(async () => (await read(request.id)).status, { timeout: 15_000 }).toBe('paid')
    const paid = await read(request.id)
    expect(paid.received).toBe('1000')
    // Each payment shows its share of the total, so what the page lists adds up to what was received.
    expect(paid.pricedPayments.map((p) => [p.amount, p.value, p.valuedAt])).toEqual([
      [(amount - 1n).toString(), '999', 'quote'],
      ['1', '1', 'quote'],
    ])
    // The payee's books in the request's currency say the same: the statement's lines add up to the price.
    await graphql(app.url, 'mutation { setReportingCurrency(currency: "EUR") }', { cookie })
    const { publicClient } = chainClients(anvil.rpcUrl)
    const { timestamp } = await publicClient.getBlock()
    const month = new Date(Number(timestamp) * 1000).toISOString().slice(0, 7)
    const statement = await graphql<{ myStatement: { lines: { requestId: string; value: string | null }[] } }>(
      app.url,
      'query($month: String!) { myStatement(month: $month) { lines { requestId value } } }',
      { variables: { month }, cookie },
    )
    expect(statement.data!.myStatement.lines.filter((l) => l.requestId === request.id).map((l) => l.value)).toEqual([
      '999',
      '1',
    ])
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

  // The reorg takes the newest blocks, earlier tests' included: after those it would disturb.
  it('values a payment again for its new block when a reorg moves it there', async () => {
    const request = await priced()
    const quoted = (await quote(request.id, USDC)).data!.quotePaymentRequest
    const { publicClient, testClient } = chainClients(anvil.rpcUrl)
    const beforePayment = await testClient.snapshot()
    const hash = await pay(anvil.rpcUrl, {
      from: 3,
      to: alice.address,
      amount: BigInt(quoted.amount),
      reference: quoted.reference,
    })
    await expect.poll(async () => (await read(request.id)).status, { timeout: 15_000 }).toBe('paid')
    const valuedFor = async () =>
      (await app.database.db.select().from(paymentValues).where(eq(paymentValues.txHash, hash))).map((v) => v.blockHash)
    const [first] = await valuedFor()
    const raw = await publicClient.request({ method: 'eth_getRawTransactionByHash' as never, params: [hash] as never })
    // The payment's block is replaced by an empty one; the same transaction is mined in the block after.
    await testClient.revert({ id: beforePayment })
    await testClient.mine({ blocks: 1 })
    await publicClient.request({ method: 'eth_sendRawTransaction', params: [raw as `0x${string}`] })
    await testClient.mine({ blocks: 1 })
    // Valued again for the block it is in now, whether the watcher moved the row or recorded it anew.
    const revalued = async () => {
      const [moved] = await app.database.db.select().from(payments).where(eq(payments.txHash, hash))
      return moved !== undefined && moved.blockHash !== first && (await valuedFor()).includes(moved.blockHash)
    }
    await expect.poll(revalued, { timeout: 15_000 }).toBe(true)
    await expect.poll(async () => (await read(request.id)).status, { timeout: 15_000 }).toBe('paid')
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
})

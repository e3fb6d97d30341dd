import { count, eq } from 'drizzle-orm'
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
  HTTPFacilitatorClient,
} from '@x402/core/http'
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types'
import { ExactEvmScheme } from '@x402/evm/exact/client'
import { wrapFetchWithPayment } from '@x402/fetch'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../../testing/freePort.ts'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { startWebhookReceiver } from '../../../testing/webhookReceiver.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { emailOutbox, paymentRequests, relays, webhookEvents } from '../../db/schema.ts'
import { newPayee, payerWithoutGas, turnOnRelayer } from '../../merchants/relayer/testing/gasless.ts'
import { ENDPOINT, fast } from '../../merchants/webhooks/testing/webhookMerchant.ts'
import { graphql } from '../testing/graphqlClient.ts'
import { createApiKey, createPaymentLink } from '../testing/merchantClient.ts'
import { createRequest } from '../testing/paymentRequestInput.ts'
import { DEV_NETWORK, x402ClientFor } from './testing/x402Setup.ts'

const postgresUrl = inject('postgresUrl')

/**
 * x402 tries that fail, race or replay, against the real x402 client, facilitator client and the
 * dev chain: on PGlite with one server, and on PostgreSQL with two servers sharing the database
 * (simultaneous tries spread over both).
 */
describe.each([
  { leg: 'PGlite, one server', servers: 1, postgres: false },
  { leg: 'PostgreSQL, two servers', servers: 2, postgres: true },
])('x402 tries on $leg', ({ servers, postgres }) => {
  const skip = postgres && !postgresUrl
  let anvil: AnvilNode
  const apps: TestApp[] = []
  let payee: Awaited<ReturnType<typeof newPayee>>
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
  let apiKey: string
  beforeAll(async () => {
    if (skip) return
    anvil = await startTestChain(await freePort())
    const databaseUrl = postgres ? await createFreshDatabase(postgresUrl) : undefined
    for (let i = 0; i < servers; i++)
      apps.push(
        await startTestApp({
          anvilUrl: anvil.rpcUrl,
          ...(databaseUrl ? { databaseUrl } : {}),
          rateLimitPerMinute: 0,
          relayMonitor: { intervalMs: 100 },
          webhooksAllowPrivate: true,
          webhookDelivery: fast,
        }),
      )
    payee = await newPayee(apps[0]!.url)
    await turnOnRelayer(apps[0]!.url, anvil.rpcUrl, payee.cookie)
    apiKey = (await createApiKey(apps[0]!.url, payee.cookie, payee.account, { scopes: ['x402:settle'] })).data!
      .createApiKey.secret
    // Every request made or cancelled would queue a webhook event: what a failed try must not do.
    receiver = await startWebhookReceiver()
    await graphql(apps[0]!.url, ENDPOINT, {
      variables: {
        url: `${receiver.url}/hooks`,
        events: ['payment_request.created', 'payment_request.cancelled', 'payment_request.paid'],
      },
      cookie: payee.cookie,
    })
  })
  afterAll(async () => {
    await receiver?.close()
    for (const app of apps) await app.close()
    await anvil?.stop()
  })

  /** The i-th try's server: simultaneous tries alternate between the servers. */
  const url = (i = 0) => apps[i % apps.length]!.url
  const db = () => apps[0]!.database.db
  /** What the payee's account holds: requests, relays, webhook events and e-mails queued. */
  const stored = async () => {
    const [[requests], [relayRows], [events], [emails]] = await Promise.all([
      db().select({ n: count() }).from(paymentRequests).where(eq(paymentRequests.payee, payee.account.address)),
      db().select({ n: count() }).from(relays).where(eq(relays.payee, payee.account.address)),
      db().select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.payee, payee.account.address)),
      db().select({ n: count() }).from(emailOutbox),
    ])
    return { requests: requests!.n, relays: relayRows!.n, webhookEvents: events!.n, emails: emails!.n }
  }
  const link = async (amount: string) =>
    (
      await createPaymentLink(url(), payee.cookie, payee.account, {
        title: 'Coffee',
        chainId: 31337,
        asset: DEV_USDC_ADDRESS,
        memo: 'Thanks!',
        amount,
      })
    ).id!
  const quoteOf = async (path: string): Promise<PaymentRequired> => {
    const answer = await fetch(`${url()}${path}`)
    expect(answer.status).toBe(402)
    return decodePaymentRequiredHeader(answer.headers.get('payment-required')!)
  }
  /** The standard client's PAYMENT-SIGNATURE for what `path` quotes. */
  const signedFor = async (path: string, payer: PrivateKeyAccount) =>
    encodePaymentSignatureHeader(await x402ClientFor(payer).createPaymentPayload(await quoteOf(path)))
  const get = (path: string, header: string, i = 0) =>
    fetch(`${url(i)}${path}`, { headers: { 'payment-signature': header } })
  const whyRefused = async (answer: Response) => {
    expect(answer.status).toBe(402)
    const body = (await answer.json()) as { message?: string }
    return { error: decodePaymentRequiredHeader(answer.headers.get('payment-required')!).error, message: body.message }
  }
  const facilitator = (i = 0) =>
    new HTTPFacilitatorClient({
      url: `${url(i)}/x402/facilitator`,
      createAuthHeaders: async () => {
        const auth = { Authorization: `Bearer ${apiKey}` }
        return { verify: auth, settle: auth, supported: auth }
      },
    })
  const routeRequirements: PaymentRequirements = {
    scheme: 'exact',
    network: DEV_NETWORK,
    asset: DEV_USDC_ADDRESS,
    amount: '10000',
    payTo: '',
    maxTimeoutSeconds: 300,
    extra: { name: 'USD Coin', version: '2' },
  }
  /** A merchant route's payment, signed by the standard client as the x402 middleware would ask for it. */
  const routePayment = async (payer: PrivateKeyAccount, route: string) => {
    const accepts = { ...routeRequirements, payTo: payee.account.address }
    const payload = await x402ClientFor(payer).createPaymentPayload({
      x402Version: 2,
      resource: { url: `https://shop.example${route}`, description: route, mimeType: 'application/json' },
      accepts: [accepts],
    })
    return { payload, accepts }
  }

  it.skipIf(skip)(
    'a failed try on a link stores nothing: a PAYMENT-SIGNATURE of {}, an hour-long window, a payer without the funds',
    async () => {
      const path = `/x402/l/${await link('1')}`
      const before = await stored()
      const empty = await whyRefused(await get(path, Buffer.from('{}').toString('base64')))
      expect(empty.error).toBe('invalid_payload')

      const payer = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 1_000_000n)
      const required = (await quoteOf(path)).accepts[0]!
      const hour = await new ExactEvmScheme(payer).createPaymentPayload(2, { ...required, maxTimeoutSeconds: 3600 })
      const long = await whyRefused(
        await get(path, encodePaymentSignatureHeader({ x402Version: 2, accepted: required, payload: hour.payload })),
      )
      expect(long.error).toBe('invalid_exact_evm_payload_authorization_valid_before')

      const poor = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 999_999n)
      expect((await whyRefused(await get(path, await signedFor(path, poor)))).error).toMatch(
        /^invalid_exact_evm_(insufficient_balance|transaction_simulation_failed)$/,
      )
      expect(await stored()).toEqual(before)
    },
  )

  it.skipIf(skip)('a refused facilitator settle stores nothing', async () => {
    const poor = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 9_999n)
    const { payload, accepts } = await routePayment(poor, '/weather')
    const before = await stored()
    const settled = await facilitator().settle(payload, accepts)
    expect(settled.success).toBe(false)
    expect(settled.errorReason).toMatch(/^invalid_exact_evm_(insufficient_balance|transaction_simulation_failed)$/)
    expect((await facilitator().verify(payload, accepts)).isValid).toBe(false)
    expect(await stored()).toEqual(before)
  })

  it.skipIf(skip)(
    'eight simultaneous settles of one payment all get its one transaction: one request, one relay, none cancelled',
    async () => {
      const payer = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 10_000n)
      const { payload, accepts } = await routePayment(payer, '/forecast')
      const before = await stored()
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => facilitator(i).settle(payload, accepts)))
      expect(answers.map((a) => [a.success, a.errorReason ?? null])).toEqual(Array(8).fill([true, null]))
      expect(new Set(answers.map((a) => a.transaction)).size).toBe(1)
      const after = await stored()
      expect([after.requests - before.requests, after.relays - before.relays]).toEqual([1, 1])
      const made = await db()
        .select()
        .from(paymentRequests)
        .where(eq(paymentRequests.memo, 'https://shop.example/forecast'))
      expect(made.map((r) => r.status)).not.toContain('cancelled')
      // Settled, the payment is not valid again: the middleware's verify refuses a later replay.
      expect(await facilitator().verify(payload, accepts)).toMatchObject({
        isValid: false,
        invalidReason: 'invalid_exact_evm_nonce_already_used',
      })
    },
  )

  it.skipIf(skip)(
    'six simultaneous GETs carrying one payment to a request all get the paid answer; one relay',
    async () => {
      const request = await createRequest(url(), payee.cookie, payee.account, { amount: '0.5' })
      const path = `/x402/payment-requests/${request.id}`
      const payer = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 500_000n)
      const header = await signedFor(path, payer)
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => get(path, header, i)))
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as { request: { id: string } }[]
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
      expect(bodies.map((b) => b.request.id)).toEqual(Array(6).fill(request.id))
      const relayed = await db().select().from(relays).where(eq(relays.requestId, request.id))
      expect(relayed).toHaveLength(1)
    },
  )

  it.skipIf(skip)(
    'six simultaneous GETs carrying one payment to a link all get the paid answer with one request; the same payment again is that visit',
    async () => {
      const path = `/x402/l/${await link('0.25')}`
      const payer = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 250_000n)
      const header = await signedFor(path, payer)
      const before = await stored()
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => get(path, header, i)))
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as { request: { id: string } }[]
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
      expect(new Set(bodies.map((b) => b.request.id)).size).toBe(1)
      for (const answer of answers)
        expect(decodePaymentResponseHeader(answer.headers.get('payment-response')!)).toMatchObject({ success: true })
      const after = await stored()
      expect([after.requests - before.requests, after.relays - before.relays]).toEqual([1, 1])

      const again = await get(path, header)
      expect(again.status).toBe(200)
      expect(((await again.json()) as { request: { id: string } }).request.id).toBe(bodies[0]!.request.id)
      expect((await stored()).requests).toBe(after.requests)
    },
  )

  it.skipIf(skip)(
    'a payment that paid one link, aimed at another link, a request or another route, is refused as a replay and stores nothing',
    async () => {
      const payer = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 2_000_000n)
      const first = `/x402/l/${await link('1')}`
      const sent: string[] = []
      const recording: typeof fetch = async (input, init) => {
        const request = new Request(input, init)
        const header = request.headers.get('payment-signature')
        if (header) sent.push(header)
        return fetch(request)
      }
      expect((await wrapFetchWithPayment(recording, x402ClientFor(payer))(`${url()}${first}`)).status).toBe(200)
      const header = sent.at(-1)!
      const paid = JSON.parse(Buffer.from(header, 'base64').toString()) as PaymentPayload

      const other = `/x402/l/${await link('1')}`
      const request = await createRequest(url(), payee.cookie, payee.account, { amount: '1' })
      const before = await stored()
      for (const path of [other, `/x402/payment-requests/${request.id}`]) {
        const why = await whyRefused(await get(path, header, 1))
        expect(why.error, path).toBe('invalid_exact_evm_nonce_already_used')
        expect(why.message, path).toMatch(/^Replay: this authorization already paid another request/)
      }
      // The facilitator, for a route of the same price: the same authorization, another resource.
      const settled = await facilitator(1).settle(
        { ...paid, resource: { url: 'https://shop.example/other', description: '', mimeType: 'application/json' } },
        { ...routeRequirements, amount: '1000000', payTo: payee.account.address },
      )
      expect(settled).toMatchObject({ success: false, errorReason: 'invalid_exact_evm_nonce_already_used' })
      expect(await stored()).toEqual(before)
    },
  )
})

import { eq } from 'drizzle-orm'
import { encodePaymentSignatureHeader, decodePaymentResponseHeader } from '@x402/core/http'
import type { PaymentPayload } from '@x402/core/types'
import { ExactEvmScheme } from '@x402/evm/exact/client'
import { wrapFetchWithPayment } from '@x402/fetch'
import { describe, expect, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { paymentRequests, relays } from '../../db/schema.ts'
import { payerWithoutGas, statusOf, UPDATE_RELAYER } from '../../relayer/testing/gasless.ts'
import { graphql } from '../testing/graphqlClient.ts'
import { createRequest } from '../testing/paymentRequestInput.ts'
import { useTryingApps } from './testing/tryingApps.ts'
import { x402ClientFor } from './testing/x402Setup.ts'

/**
 * x402 tries that fail, race or replay, against the real x402 client, facilitator client and the
 * dev chain: on PGlite with one server, and on PostgreSQL with two servers sharing the database
 * (simultaneous tries spread over both).
 */
describe.each([
  { leg: 'PGlite, one server', servers: 1, postgres: false },
  { leg: 'PostgreSQL, two servers', servers: 2, postgres: true },
])('x402 tries on $leg', ({ servers, postgres }) => {
  const env = useTryingApps({ servers, postgres })
  const { skip, url, db, stored, link, quoteOf, signedFor, get, whyRefused, facilitator, routePayment } = env
  const payee = () => env.payee()

  it.skipIf(skip)(
    'a failed try on a link stores nothing: a PAYMENT-SIGNATURE of {}, an hour-long window, a payer without the funds',
    async () => {
      const path = `/x402/l/${await link('1')}`
      const before = await stored()
      const empty = await whyRefused(await get(path, Buffer.from('{}').toString('base64')))
      expect(empty.error).toBe('invalid_payload')

      const payer = await payerWithoutGas(env.anvilUrl(), DEV_USDC_ADDRESS, 1_000_000n)
      const required = (await quoteOf(path)).accepts[0]!
      const hour = await new ExactEvmScheme(payer).createPaymentPayload(2, { ...required, maxTimeoutSeconds: 3600 })
      const long = await whyRefused(
        await get(path, encodePaymentSignatureHeader({ x402Version: 2, accepted: required, payload: hour.payload })),
      )
      expect(long.error).toBe('invalid_exact_evm_payload_authorization_valid_before')

      const poor = await payerWithoutGas(env.anvilUrl(), DEV_USDC_ADDRESS, 999_999n)
      expect((await whyRefused(await get(path, await signedFor(path, poor)))).error).toMatch(
        /^invalid_exact_evm_(insufficient_balance|transaction_simulation_failed)$/,
      )
      expect(await stored()).toEqual(before)
    },
  )

  it.skipIf(skip)('a refused facilitator settle stores nothing', async () => {
    const poor = await payerWithoutGas(env.anvilUrl(), DEV_USDC_ADDRESS, 9_999n)
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
      const payer = await payerWithoutGas(env.anvilUrl(), DEV_USDC_ADDRESS, 10_000n)
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
      const request = await createRequest(url(), payee().cookie, payee().account, { amount: '0.5' })
      const path = `/x402/payment-requests/${request.id}`
      const payer = await payerWithoutGas(env.anvilUrl(), DEV_USDC_ADDRESS, 500_000n)
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
      const payer = await payerWithoutGas(env.anvilUrl(), DEV_USDC_ADDRESS, 250_000n)
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
    'a payment waiting for fees under the payee’s cap is answered 202 settlement_pending, again on a retry, and 200 once sent',
    async () => {
      const request = await createRequest(url(), payee().cookie, payee().account, { amount: '0.75' })
      const path = `/x402/payment-requests/${request.id}`
      const payer = await payerWithoutGas(env.anvilUrl(), DEV_USDC_ADDRESS, 750_000n)
      const header = await signedFor(path, payer)
      const cap = (feeCap: string) =>
        graphql(url(), UPDATE_RELAYER, { cookie: payee().cookie, variables: { chainId: 31337, feeCap } })
      await cap('1')
      for (const i of [0, 1]) {
        const waiting = await get(path, header, i)
        expect([waiting.status, waiting.headers.get('retry-after')]).toEqual([202, '1'])
        expect(decodePaymentResponseHeader(waiting.headers.get('payment-response')!)).toMatchObject({
          success: false,
          errorReason: 'settlement_pending',
        })
      }
      await cap('')
      await expect.poll(async () => (await get(path, header)).status, { timeout: 15_000 }).toBe(200)
      expect(await db().select().from(relays).where(eq(relays.requestId, request.id))).toHaveLength(1)
    },
  )

  it.skipIf(skip)(
    'a payment that paid one link, aimed at another link, a request or another route, is refused as a replay and stores nothing',
    async () => {
      const payer = await payerWithoutGas(env.anvilUrl(), DEV_USDC_ADDRESS, 2_000_000n)
      const first = `/x402/l/${await link('1')}`
      const sent: string[] = []
      const recording: typeof fetch = async (input, init) => {
        const request = new Request(input, init)
        const header = request.headers.get('payment-signature')
        if (header) sent.push(header)
        return fetch(request)
      }
      const answer = await wrapFetchWithPayment(recording, x402ClientFor(payer))(`${url()}${first}`)
      expect(answer.status).toBe(200)
      // Recorded as paid (its webhook queued) before the count is taken.
      const firstRequest = ((await answer.json()) as { request: { id: string } }).request.id
      await expect.poll(async () => (await statusOf(url(), firstRequest)).status, { timeout: 15_000 }).toBe('paid')
      const header = sent.at(-1)!
      const paid = JSON.parse(Buffer.from(header, 'base64').toString()) as PaymentPayload

      const other = `/x402/l/${await link('1')}`
      const request = await createRequest(url(), payee().cookie, payee().account, { amount: '1' })
      const before = await stored()
      for (const path of [other, `/x402/payment-requests/${request.id}`]) {
        const why = await whyRefused(await get(path, header, 1))
        expect(why.error, path).toBe('invalid_exact_evm_nonce_already_used')
        expect(why.message, path).toMatch(/^Replay: this authorization already paid another request/)
      }
      // The facilitator, for a route of the same price: the same authorization, another resource.
      const settled = await facilitator(1).settle(
        { ...paid, resource: { url: 'https://shop.example/other', description: '', mimeType: 'application/json' } },
        { ...env.routeRequirements(), amount: '1000000' },
      )
      expect(settled).toMatchObject({ success: false, errorReason: 'invalid_exact_evm_nonce_already_used' })
      expect(await stored()).toEqual(before)
    },
  )
})

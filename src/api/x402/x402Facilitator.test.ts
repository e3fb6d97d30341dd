import { HTTPFacilitatorClient } from '@x402/core/http'
import { wrapFetchWithPayment } from '@x402/fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../testing/freePort.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { startWebhookReceiver } from '../../../testing/webhookReceiver.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { newPayee, payerWithoutGas, turnOnRelayer } from '../../relayer/testing/gasless.ts'
import { ENDPOINT, fast } from '../../notifications/webhooks/testing/webhookMerchant.ts'
import { graphql } from '../testing/graphqlClient.ts'
import { createApiKey } from '../testing/merchantClient.ts'
import { DEV_NETWORK, runExample, x402ClientFor } from './testing/x402Setup.ts'

let anvil: AnvilNode
let app: TestApp
let payee: Awaited<ReturnType<typeof newPayee>>
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let paidApi: ReturnType<typeof runExample>
let weatherUrl: string
let apiKey: string
beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  app = await startTestApp({
    anvilUrl: anvil.rpcUrl,
    rateLimitPerMinute: 0,
    relayMonitor: { intervalMs: 100 },
    webhooksAllowPrivate: true,
    webhookDelivery: fast,
  })
  payee = await newPayee(app.url)
  await turnOnRelayer(app.url, anvil.rpcUrl, payee.cookie)
  apiKey = (await createApiKey(app.url, payee.cookie, payee.account, { scopes: ['x402:settle'] })).data!.createApiKey
    .secret
  receiver = await startWebhookReceiver()
  await graphql(app.url, ENDPOINT, {
    variables: { url: `${receiver.url}/hooks`, events: ['payment_request.paid'] },
    cookie: payee.cookie,
  })
  paidApi = runExample('paid-api/server.mjs', {
    BILLFOLD_URL: app.url,
    BILLFOLD_API_KEY: apiKey,
    PAY_TO: payee.account.address,
    ASSET: DEV_USDC_ADDRESS,
    PORT: String(await freePort()),
  })
  weatherUrl = (await paidApi.line(/^paid-api /)).split(' ')[1]!
})
afterAll(async () => {
  await paidApi?.stop()
  await receiver?.close()
  await app?.close()
  await anvil?.stop()
})

const MY_REQUESTS = `query { myPaymentRequests(first: 20) { items { id memo status amount issuer { keyName } } } }`
type Listed = { id: string; memo: string; status: string; amount: string }
const myRequests = async () =>
  (await graphql<{ myPaymentRequests: { items: Listed[] } }>(app.url, MY_REQUESTS, { cookie: payee.cookie })).data!
    .myPaymentRequests.items

describe('Billfold as the merchant’s own x402 facilitator', () => {
  it('the paid-API example (x402 Hono middleware) serves its route once paid; the payment is a paid request of the payee and a webhook', async () => {
    const payer = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 1_000_000n)
    const unpaid = await fetch(weatherUrl)
    expect(unpaid.status).toBe(402)
    const paying = wrapFetchWithPayment(fetch, x402ClientFor(payer))
    const answer = await paying(weatherUrl)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ forecast: 'sunny', temperatureC: 21 })
    await expect
      .poll(async () => (await myRequests()).find((r) => r.memo.endsWith('/weather')), { timeout: 15_000 })
      .toMatchObject({ status: 'paid', amount: '10000' })
    const id = (await myRequests()).find((r) => r.memo.endsWith('/weather'))!.id
    const paidEvent = () =>
      receiver.received
        .map((w) => JSON.parse(w.body) as { type: string; data: { request: { id: string; status: string } } })
        .find((e) => e.type === 'payment_request.paid' && e.data.request.id === id)
    await expect.poll(() => paidEvent()?.data.request.status, { timeout: 15_000 }).toBe('paid')
  })

  it('settles a replayed PAYMENT-SIGNATURE once: the replay gets a 402', async () => {
    const payer = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 1_000_000n)
    const sent: string[] = []
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init)
      const header = request.headers.get('payment-signature')
      if (header) sent.push(header)
      return fetch(request)
    }
    const first = await wrapFetchWithPayment(recording, x402ClientFor(payer))(weatherUrl)
    expect(first.status).toBe(200)
    const before = (await myRequests()).length
    const replay = await fetch(weatherUrl, { headers: { 'payment-signature': sent.at(-1)! } })
    expect(replay.status).toBe(402)
    expect((await myRequests()).filter((r) => r.status !== 'cancelled').length).toBe(before)
  })

  it('answers bad facilitator bodies with a 400 naming the part, or a settlement that says why, never a 5xx', async () => {
    const post = (body: unknown) =>
      fetch(`${app.url}/x402/facilitator/settle`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const noRequirements = await post({ x402Version: 2, paymentPayload: {}, paymentRequirements: { payTo: 7 } })
    expect([
      noRequirements.status,
      ((await noRequirements.json()) as { error: { field: string } }).error.field,
    ]).toEqual([400, 'paymentRequirements'])
    const required = {
      scheme: 'exact',
      network: DEV_NETWORK,
      asset: DEV_USDC_ADDRESS,
      amount: '10000',
      payTo: payee.account.address,
      maxTimeoutSeconds: 300,
      extra: { name: 'USD Coin', version: '2' },
    }
    const garbage = await post({ x402Version: 2, paymentPayload: 'x', paymentRequirements: required })
    expect(garbage.status).toBe(200)
    expect(await garbage.json()).toMatchObject({ success: false, errorReason: 'invalid_payload' })
  })

  it('answers 401 without an API key and 403 with a key lacking x402:settle', async () => {
    const noKey = await fetch(`${app.url}/x402/facilitator/supported`)
    expect(noKey.status).toBe(401)
    const readOnly = (await createApiKey(app.url, payee.cookie, payee.account, { scopes: ['requests:read'] })).data!
      .createApiKey.secret
    const wrongScope = await fetch(`${app.url}/x402/facilitator/settle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${readOnly}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(wrongScope.status).toBe(403)
    const facilitator = new HTTPFacilitatorClient({
      url: `${app.url}/x402/facilitator`,
      createAuthHeaders: async () => ({ supported: { Authorization: `Bearer ${apiKey}` } }),
    })
    const supported = await facilitator.getSupported()
    expect(supported.kinds).toContainEqual({ x402Version: 2, scheme: 'exact', network: DEV_NETWORK })
  })
})

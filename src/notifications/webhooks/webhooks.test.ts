import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { startWebhookReceiver } from '../../../testing/webhookReceiver.ts'
import { alice, bob, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { rest } from '../../api/testing/merchantClient.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { pay } from '../../watcher/testing/payments.ts'
import { webhookDeliveries } from '../../db/schema.ts'

import { fast, merchant, order } from './testing/webhookMerchant.ts'

describe('webhooks', () => {
  let anvil: AnvilNode
  let app: TestApp
  beforeAll(async () => {
    // A chain of its own: these tests mine and reorg it.
    anvil = await startTestChain(8571)
    app = await startTestApp({ anvilUrl: anvil.rpcUrl, webhooksAllowPrivate: true, webhookDelivery: fast })
  })
  afterAll(async () => {
    await app?.close()
    await anvil?.stop()
  })

  it('sends created, detected and paid, signed so the standardwebhooks library verifies them, with the request as REST shows it and its metadata', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const m = await merchant(app, receiver.url)
      const made = (
        await rest(app.url, '/payment-requests', {
          method: 'POST',
          secret: m.apiKey,
          body: order({ metadata: { orderId: 'A-1' } }),
        })
      ).body!
      await pay(anvil.rpcUrl, { from: 2, to: alice.address, amount: 5_000_000n, reference: made.reference })
      await expect.poll(() => receiver.events('payment_request.paid').length, { timeout: 15_000 }).toBe(1)
      const types = receiver.events().map((e) => e.json.type)
      expect(types.slice(0, 2)).toEqual(['payment_request.created', 'payment.detected'])
      const verifier = new Webhook(m.secret)
      for (const event of receiver.received) {
        expect(() => verifier.verify(event.body, event.headers as Record<string, string>)).not.toThrow()
        expect(event.headers['webhook-id']).toMatch(/^msg_/)
      }
      const paid = receiver.events('payment_request.paid')[0]!
      expect(paid.json.data.request).toMatchObject({
        id: made.id,
        status: 'paid',
        amount: '5000000',
        received: '5000000',
        metadata: { orderId: 'A-1' },
        payUrl: made.payUrl,
      })
      const detected = receiver.events('payment.detected')[0]!
      expect(detected.json.data.payment).toMatchObject({
        amount: '5000000',
        amountDecimal: '5',
        from: expect.stringMatching(/^0x/),
      })
      // A body changed on the way, or a signature from another secret, fails verification.
      expect(() =>
        verifier.verify(paid.body.replace('5000000', '6000000'), paid.headers as Record<string, string>),
      ).toThrow()
      expect(() =>
        new Webhook(`whsec_${Buffer.from('another secret').toString('base64')}`).verify(
          paid.body,
          paid.headers as Record<string, string>,
        ),
      ).toThrow()
    } finally {
      await receiver.close()
    }
  })

  it('retries a receiver that answers 500, acknowledges once, and logs each attempt', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const m = await merchant(app, receiver.url, ['payment_request.created'])
      receiver.answers.push(500)
      const made = (await rest(app.url, '/payment-requests', { method: 'POST', secret: m.apiKey, body: order() })).body!
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(2)
      await new Promise((resolve) => setTimeout(resolve, 700))
      expect(receiver.received.map((r) => r.status)).toEqual([500, 200])
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
      expect(JSON.parse(receiver.received[1]!.body).data.request.id).toBe(made.id)
      const listed = await graphql<{
        myWebhookEndpoints: {
          id: string
          deliveries: {
            status: string
            attempts: number
            attemptLog: { statusCode: number; responseExcerpt: string; durationMs: number }[]
          }[]
        }[]
      }>(
        app.url,
        '{ myWebhookEndpoints { id deliveries { status attempts attemptLog { statusCode responseExcerpt durationMs } } } }',
        { cookie: m.cookie },
      )
      const delivery = listed.data!.myWebhookEndpoints.find((e) => e.id === m.endpointId)!.deliveries[0]!
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 })
      expect(delivery.attemptLog.map((a) => [a.statusCode, a.responseExcerpt])).toEqual([
        [200, 'ok'],
        [500, 'failing on purpose with 500'],
      ])
    } finally {
      await receiver.close()
    }
  })

  it('gives up after the last retry and marks the delivery failed; a test event and a redelivery go out on demand', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const m = await merchant(app, receiver.url, ['payment_request.cancelled'])
      receiver.answers.push(503, 503, 503)
      const made = (await rest(app.url, '/payment-requests', { method: 'POST', secret: m.apiKey, body: order() })).body!
      await rest(app.url, `/payment-requests/${made.id}/cancel`, { method: 'POST', secret: m.apiKey })
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(3)
      const [failed] = await app.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, m.endpointId))
      await expect
        .poll(
          async () =>
            (await app.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, failed!.id)))[0]!
              .status,
        )
        .toBe('failed')

      const again = await graphql<{ redeliverWebhook: { id: string; eventType: string } }>(
        app.url,
        'mutation($id: String!) { redeliverWebhook(deliveryId: $id) { id eventType } }',
        {
          variables: { id: failed!.id },
          cookie: m.cookie,
        },
      )
      expect(again.data!.redeliverWebhook.eventType).toBe('payment_request.cancelled')
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(4)
      expect(receiver.received[3]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id'])

      await graphql(app.url, 'mutation($id: String!) { sendTestWebhookEvent(endpointId: $id) { id } }', {
        variables: { id: m.endpointId },
        cookie: m.cookie,
      })
      await expect.poll(() => receiver.events('webhook.test').length, { timeout: 10_000 }).toBe(1)
      expect(() =>
        new Webhook(m.secret).verify(
          receiver.events('webhook.test')[0]!.body,
          receiver.events('webhook.test')[0]!.headers as Record<string, string>,
        ),
      ).not.toThrow()

      const bobCookie = (await signIn(app.url, bob)).cookie
      const stolen = await graphql(app.url, 'mutation($id: String!) { redeliverWebhook(deliveryId: $id) { id } }', {
        variables: { id: failed!.id },
        cookie: bobCookie,
      })
      expect(stolen.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'deliveryId' })
    } finally {
      await receiver.close()
    }
  })

  it('sends payment.reverted when a reorg takes the payment away', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const m = await merchant(app, receiver.url, ['payment.detected', 'payment.reverted'])
      const made = (
        await rest(app.url, '/payment-requests', { method: 'POST', secret: m.apiKey, body: order({ amount: '7' }) })
      ).body!
      await pay(anvil.rpcUrl, { from: 3, to: alice.address, amount: 7_000_000n, reference: made.reference })
      await expect.poll(() => receiver.events('payment.detected').length, { timeout: 10_000 }).toBe(1)
      await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_reorg', params: [3, []] }),
      })
      // The reorg may take earlier tests' payments too: this request's is the one to look for.
      const revertedHere = () => receiver.events('payment.reverted').filter((e) => e.json.data.request.id === made.id)
      await expect.poll(() => revertedHere().length, { timeout: 15_000 }).toBe(1)
      const reverted = revertedHere()[0]!.json.data
      // The request as the reorg left it: open again.
      expect(reverted.request.status).toBe('open')
      expect(reverted.payment.txHash).toBe(receiver.events('payment.detected')[0]!.json.data.payment.txHash)
      expect(reverted.request.id).toBe(made.id)
    } finally {
      await receiver.close()
    }
  })
})

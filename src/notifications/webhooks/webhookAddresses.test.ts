import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, TEST_SECRET_KEY, type TestApp } from '../../../testing/startTestApp.ts'
import { createSecretBox } from '../../secrets/secretBox.ts'
import { startWebhookReceiver } from '../../../testing/webhookReceiver.ts'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { alice, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createApiKey, rest } from '../../api/testing/merchantClient.ts'
import { webhookEndpoints } from '../../db/schema.ts'

import { ENDPOINT, fast, merchant, order } from './testing/webhookMerchant.ts'

describe('webhook addresses', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({ anvilUrl: inject('anvilUrl'), watch: false, webhookDelivery: fast })
  })
  afterAll(async () => app?.close())

  it('refuses endpoints on internal addresses or without https, and a name that resolves to one at delivery (rebinding) is refused then', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const { cookie } = await signIn(app.url, alice)
      for (const [url, pattern] of [
        ['https://127.0.0.1:8443/hooks', /internal address/],
        ['https://169.254.169.254/latest', /link-local or cloud metadata address/],
        ['https://localhost/hooks', /internal address/],
        ['http://shop.example/hooks', /must be https/],
        ['javascript:alert(1)', /must be https/],
      ] as const) {
        const refused = await graphql(app.url, ENDPOINT, {
          variables: { url, events: ['payment_request.paid'] },
          cookie,
        })
        expect(refused.errors?.[0]?.extensions, url).toMatchObject({ code: 'BAD_USER_INPUT', field: 'url' })
        expect(refused.errors?.[0]?.message, url).toMatch(pattern)
      }
      const badEvents = await graphql(app.url, ENDPOINT, {
        variables: { url: 'https://93.184.215.14/hooks', events: ['payment.stolen'] },
        cookie,
      })
      expect(badEvents.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'events' })

      // A name that passed when the endpoint was made and points inside now: written as if it had.
      const apiKey = (await createApiKey(app.url, cookie, alice)).data!.createApiKey.secret
      await app.database.db.insert(webhookEndpoints).values({
        id: 'rebound',
        payee: alice.address,
        url: receiver.url.replace('127.0.0.1', 'localhost'),
        events: ['payment_request.created'],
        secretSealed: createSecretBox(TEST_SECRET_KEY, 'webhook secrets').seal(
          'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
        ),
      })
      await rest(app.url, '/payment-requests', { method: 'POST', secret: apiKey, body: order() })
      await expect
        .poll(
          async () =>
            (await app.database.db.execute(
              sql`select a.error from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = 'rebound'`,
            )) as unknown,
          { timeout: 10_000 },
        )
        .toSatisfy((rows: unknown) => JSON.stringify(rows).includes('internal address'))
      expect(receiver.received).toHaveLength(0)
    } finally {
      await receiver.close()
    }
  })
})

describe.skipIf(!inject('postgresUrl'))('webhooks from two servers on one PostgreSQL', () => {
  it('delivers each event once', async () => {
    const databaseUrl = await createFreshDatabase(inject('postgresUrl'))
    const receiver = await startWebhookReceiver()
    const [one, two] = await Promise.all(
      [0, 1].map(() =>
        startTestApp({
          anvilUrl: inject('anvilUrl'),
          databaseUrl,
          watch: false,
          webhooksAllowPrivate: true,
          webhookDelivery: fast,
        }),
      ),
    )
    try {
      const m = await merchant(one!, receiver.url, ['payment_request.created', 'payment_request.cancelled'])
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          rest([one!, two!][i % 2]!.url, '/payment-requests', {
            method: 'POST',
            secret: m.apiKey,
            body: order({ memo: `Order ${i}` }),
          }),
        ),
      )
      await Promise.all(
        made.slice(0, 10).map((r, i) =>
          rest([two!, one!][i % 2]!.url, `/payment-requests/${r.body!.id}/cancel`, {
            method: 'POST',
            secret: m.apiKey,
          }),
        ),
      )
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(30)
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const ids = receiver.received.map((r) => r.headers['webhook-id'])
      expect(ids).toHaveLength(30)
      expect(new Set(ids).size).toBe(30)
    } finally {
      await Promise.all([one?.close(), two?.close(), receiver.close()])
    }
  })
})

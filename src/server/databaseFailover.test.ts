import { describe, expect, inject, it } from 'vitest'
import { startPostgresCluster } from '../../testing/postgresCluster.ts'
import { startTestApp } from '../../testing/startTestApp.ts'
import { startWebhookReceiver } from '../../testing/webhookReceiver.ts'
import { openEventStream } from '../api/testing/eventStream.ts'
import { alice, graphql, signIn } from '../api/testing/graphqlClient.ts'
import { createApiKey, inAWeek, rest } from '../api/testing/merchantClient.ts'
import { createRequest, signedRequestInput } from '../api/testing/paymentRequestInput.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { pay } from '../watcher/testing/payments.ts'

const anvilUrl = inject('anvilUrl')
const CREATE = 'mutation Create($input: CreatePaymentRequestInput!) { createPaymentRequest(input: $input) { id } }'

type Ready = {
  status: string
  database: {
    host: string
    reachable: boolean
    lastOutage: { seconds: number; before: string; after: string | null; endedAt: string | null } | null
  }
}

describe.skipIf(!inject('postgresUrl'))('PostgreSQL failover: the primary dies and its replica is promoted', () => {
  it('reconnects to the new primary; the payment mined meanwhile is recorded once, its webhook sent once, live status goes on, and /readyz says how long it took', async () => {
    const cluster = await startPostgresCluster()
    const receiver = await startWebhookReceiver()
    const { failoverUrl, primaryUrl, replicaUrl } = await cluster.createDatabase()
    // DATABASE_URL names both hosts; the writable one is chosen, and after the promotion the other.
    const app = await startTestApp({ anvilUrl, databaseUrl: failoverUrl, webhooksAllowPrivate: true })
    const readyz = async () => (await (await fetch(`${app.url}/readyz`)).json()) as Ready
    try {
      const { cookie } = await signIn(app.url, alice)
      const endpoint = await graphql(
        app.url,
        'mutation($url: String!) { createWebhookEndpoint(url: $url, events: ["payment_request.paid"]) { secret } }',
        { variables: { url: `${receiver.url}/hooks` }, cookie },
      )
      expect(endpoint.errors).toBeUndefined()
      const apiKey = (await createApiKey(app.url, cookie, alice)).data!.createApiKey.secret
      const request = await createRequest(app.url, cookie, alice, { amount: '1.01' })
      const stream = await openEventStream(
        app.url,
        `subscription { paymentRequestUpdated(id: "${request.id}") { id status } }`,
      )
      await expect.poll(async () => (await readyz()).database.host).toBe(new URL(primaryUrl).host)

      cluster.killPrimary()
      // A change asked for while there is no primary is refused whole, saying why.
      const duringFailover = await signedRequestInput(alice, { memo: 'During the failover' })
      const refused = await graphql(app.url, CREATE, { variables: { input: duringFailover }, cookie })
      expect(refused.errors?.[0]?.extensions?.code).toBe('DATABASE_UNAVAILABLE')
      // A shop's order 77, sent with its Idempotency-Key.
      const order = { chainId: 31337, asset: DEV_USDC_ADDRESS, amount: '4', memo: 'Order 77', dueAt: inAWeek() }
      const placeOrder = () =>
        rest(app.url, '/payment-requests', {
          method: 'POST',
          secret: apiKey,
          body: order,
          headers: { 'idempotency-key': 'order-77' },
        })
      const refusedRest = await placeOrder()
      expect(refusedRest.status).toBe(503)
      expect(refusedRest.body).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE' } })
      // Paid while the database is away; promoted a moment later, as a failover manager would.
      await pay(anvilUrl, { from: 3, to: alice.address, amount: 1_010_000n, reference: request.reference })
      await new Promise((resolve) => setTimeout(resolve, 1500))
      cluster.promoteReplica()

      const status = async () =>
        (
          await graphql<{ paymentRequest: { status: string; payments: { txHash: string }[] } }>(
            app.url,
            'query($id: String!) { paymentRequest(id: $id) { status payments { txHash } } }',
            { variables: { id: request.id } },
          )
        ).data?.paymentRequest
      await expect.poll(async () => (await status())?.status, { timeout: 45_000, interval: 250 }).toBe('paid')
      expect((await status())!.payments).toHaveLength(1)
      // An update announced while the database was away reads as an error event; the stream goes on after it.
      type Update = { data: { paymentRequestUpdated: { status: string } } | null }
      let update = (await stream.next()) as Update
      while (update.data?.paymentRequestUpdated.status !== 'paid') update = (await stream.next()) as Update
      await stream.close()

      const paid = () => receiver.events('payment_request.paid').filter((e) => e.json.data.request.id === request.id)
      await expect.poll(() => paid().length, { timeout: 20_000 }).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 2000))
      expect(paid()).toHaveLength(1)

      // Nothing half made: the refused request is nowhere, and sent again it is made once.
      const mine = async () =>
        (
          await graphql<{ myPaymentRequests: { items: { id: string }[] } }>(
            app.url,
            '{ myPaymentRequests(first: 10) { items { id } } }',
            { cookie },
          )
        ).data!.myPaymentRequests.items.map((r) => r.id)
      expect(await mine()).toEqual([request.id])
      const again = await graphql<{ createPaymentRequest: { id: string } }>(app.url, CREATE, {
        variables: { input: duringFailover },
        cookie,
      })
      expect(await mine()).toEqual([again.data!.createPaymentRequest.id, request.id])
      // The merchant's server retries its order with the same Idempotency-Key: one request, the same answer twice.
      const first = await placeOrder()
      const second = await placeOrder()
      expect(first.status).toBe(201)
      expect((second.body as { id: string }).id).toBe((first.body as { id: string }).id)
      expect(await mine()).toHaveLength(3)

      const ready = await readyz()
      expect(ready.status).toBe('ready')
      expect(ready.database.host).toBe(new URL(replicaUrl).host)
      expect(ready.database.lastOutage).toMatchObject({
        before: new URL(primaryUrl).host,
        after: new URL(replicaUrl).host,
      })
      expect(ready.database.lastOutage!.endedAt).not.toBeNull()
      expect(ready.database.lastOutage!.seconds).toBeGreaterThan(1)
    } finally {
      await app.close()
      await receiver.close()
      await cluster.stop()
    }
  }, 120_000)
})

import { describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { startServerProcess } from '../../../testing/serverProcess.ts'
import { TEST_SECRET_KEY } from '../../../testing/startTestApp.ts'
import { startWebhookReceiver } from '../../../testing/webhookReceiver.ts'
import { alice, graphql, signIn } from '../../api/testing/graphqlClient.ts'

type Created = { createWebhookEndpoint: { endpoint: { id: string } } }
const CREATE =
  'mutation($url: String!) { createWebhookEndpoint(url: $url, events: ["payment_request.paid"]) { endpoint { id } } }'

describe.skipIf(!inject('postgresUrl'))('webhooks to this machine', () => {
  it('are delivered by `npm start` as it is, and refused by a production server unless WEBHOOKS_ALLOW_PRIVATE=true', async () => {
    const receiver = await startWebhookReceiver()
    const env = (extra: Record<string, string>) =>
      createFreshDatabase(inject('postgresUrl')).then((DATABASE_URL) => ({
        DATABASE_URL,
        RPC_URL: inject('anvilUrl'),
        SECRET_KEY: TEST_SECRET_KEY,
        WEBHOOKS_ALLOW_PRIVATE: '',
        ...extra,
      }))
    const development = await startServerProcess(await env({}))
    const production = await startServerProcess(await env({}), { build: 'production' })
    try {
      const dev = await signIn(development.url, alice)
      const made = await graphql<Created>(development.url, CREATE, {
        variables: { url: `${receiver.url}/hooks` },
        cookie: dev.cookie,
      })
      expect(made.errors).toBeUndefined()
      await graphql(development.url, 'mutation($id: String!) { sendTestWebhookEvent(endpointId: $id) { id } }', {
        variables: { id: made.data!.createWebhookEndpoint.endpoint.id },
        cookie: dev.cookie,
      })
      await expect.poll(() => receiver.events('webhook.test').length, { timeout: 30_000 }).toBe(1)

      const prod = await signIn(production.url, alice)
      const refused = await graphql(production.url, CREATE, {
        variables: { url: `${receiver.url}/hooks` },
        cookie: prod.cookie,
      })
      expect(refused.errors?.[0]?.message).toMatch(/WEBHOOKS_ALLOW_PRIVATE=true/)
    } finally {
      await Promise.all([development.stop('SIGTERM'), production.stop('SIGTERM')])
      await receiver.close()
    }
  }, 120_000)
})

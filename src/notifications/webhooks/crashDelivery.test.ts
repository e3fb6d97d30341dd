import { describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { startServerProcess } from '../../../testing/serverProcess.ts'
import { TEST_SECRET_KEY } from '../../../testing/startTestApp.ts'
import { startWebhookReceiver } from '../../../testing/webhookReceiver.ts'
import { alice, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createApiKey, inAWeek, rest } from '../../api/testing/merchantClient.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { freePort } from '../../../testing/freePort.ts'

describe.skipIf(!inject('postgresUrl'))('webhooks across a crash', () => {
  it('delivers an event whose server was killed (SIGKILL) right after the change, once another server is up', async () => {
    const env = {
      DATABASE_URL: await createFreshDatabase(inject('postgresUrl')),
      RPC_URL: inject('anvilUrl'),
      SECRET_KEY: TEST_SECRET_KEY,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    }
    const receiverPort = await freePort()
    const first = await startServerProcess(env)
    let second: Awaited<ReturnType<typeof startServerProcess>> | undefined
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined
    try {
      const { cookie } = await signIn(first.url, alice)
      const apiKey = (await createApiKey(first.url, cookie, alice)).data!.createApiKey.secret
      await graphql(
        first.url,
        'mutation($url: String!) { createWebhookEndpoint(url: $url, events: ["payment_request.created"]) { secret } }',
        {
          variables: { url: `http://127.0.0.1:${receiverPort}/hooks` },
          cookie,
        },
      )
      // The receiver is down: nothing can be delivered before the kill.
      const made = await rest(first.url, '/payment-requests', {
        method: 'POST',
        secret: apiKey,
        body: { chainId: 31337, asset: DEV_USDC_ADDRESS, amount: '3', memo: 'Crash', dueAt: inAWeek() },
      })
      expect(made.status).toBe(201)
      await first.stop('SIGKILL')

      receiver = await startWebhookReceiver(receiverPort)
      second = await startServerProcess(env)
      await expect
        .poll(() => receiver!.events('payment_request.created').length, { timeout: 45_000, interval: 200 })
        .toBe(1)
      expect(receiver.events('payment_request.created')[0]!.json.data.request.id).toBe(made.body!.id)
    } finally {
      await first.stop('SIGKILL')
      await second?.stop('SIGTERM')
      await receiver?.close()
    }
  }, 90_000)
})

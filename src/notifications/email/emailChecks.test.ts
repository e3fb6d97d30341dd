import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linksOf } from '../../../testing/smtpServer.ts'
import { startWebhookReceiver } from '../../../testing/webhookReceiver.ts'
import { alice, graphql } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import { ENDPOINT } from '../webhooks/testing/webhookMerchant.ts'
import { settle, startEmailApp } from './testing/emailApp.ts'

let env: Awaited<ReturnType<typeof startEmailApp>>

beforeAll(async () => {
  env = await startEmailApp(8577)
  await env.confirmPayee()
})
afterAll(async () => env?.close())

describe('notices no single change causes', () => {
  it('tells the payee once when a webhook endpoint keeps failing', async () => {
    const receiver = await startWebhookReceiver()
    try {
      receiver.answers.push(...Array(50).fill(500))
      await graphql(env.app.url, ENDPOINT, {
        variables: { url: `${receiver.url}/hooks`, events: ['payment_request.created'] },
        cookie: env.cookie,
      })
      await createRequest(env.app.url, env.cookie, alice, { amount: '1' })
      await env.waitFor(/^A webhook endpoint has been failing/)
      await settle()
      expect(env.mailsOf(/^A webhook endpoint/)).toHaveLength(1)
    } finally {
      await receiver.close()
    }
  })
  it('tells the payee once a day that their relayer is running low', async () => {
    await graphql(env.app.url, 'query { myRelayers { address } }', { cookie: env.cookie })
    await graphql(env.app.url, 'mutation { updateRelayer(chainId: 31337, enabled: true) { enabled } }', {
      cookie: env.cookie,
    })
    // A new relayer holds nothing: below twenty relays' worth of fees.
    const mail = await env.waitFor(/^Your relayer on Billfold dev chain is running low/)
    expect(mail.text).toContain('holds 0 ETH, enough for about 0 more payments without gas')
    expect(linksOf(mail)).toContain(`${env.app.url}/settings`)
    await settle()
    expect(env.mailsOf(/^Your relayer/)).toHaveLength(1)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linksOf } from '../../../testing/smtpServer.ts'
import { startWebhookReceiver } from '../../../testing/webhookReceiver.ts'
import { alice, graphql } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import { ENDPOINT } from '../webhooks/testing/webhookMerchant.ts'
import { settle, startEmailApp } from './testing/emailApp.ts'

let env: Awaited<ReturnType<typeof startEmailApp>>

// Starting a server takes longer than a hook's default on a busy 2-core machine.
beforeAll(async () => {
  env = await startEmailApp(8577)
  await env.confirmPayee()
}, 60_000)
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
    const relayers = await graphql<{ myRelayers: { address: string }[] }>(
      env.app.url,
      'query { myRelayers { address } }',
      { cookie: env.cookie },
    )
    // 0.000512345678901234 ETH: below twenty relays' worth of fees, with more digits than anyone reads.
    await fetch(env.anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [relayers.data!.myRelayers[0]!.address, '0x1d1f9c6316ff2'],
      }),
    })
    await graphql(env.app.url, 'mutation { updateRelayer(chainId: 31337, enabled: true) { enabled } }', {
      cookie: env.cookie,
    })
    const mail = await env.waitFor(/^Your relayer on Billfold dev chain is running low/)
    const [, count] =
      /holds 0\.0005 ETH, enough for about (\d+) more payments? without gas\./.exec(mail.text ?? '') ?? []
    expect(mail.text).toMatch(Number(count) === 1 ? / 1 more payment without/ : / more payments without/)
    expect(linksOf(mail)).toContain(`${env.app.url}/settings`)
    await settle()
    expect(env.mailsOf(/^Your relayer/)).toHaveLength(1)
  })
})

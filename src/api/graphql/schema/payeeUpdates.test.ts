import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { alice, bob, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createApiKey, createPaymentLink, inAWeek, rest } from '../../testing/merchantClient.ts'
import { createRequest } from '../../testing/paymentRequestInput.ts'
import { openEventStream } from '../../testing/eventStream.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
})
afterAll(async () => app?.close())

const SUBSCRIPTION = 'subscription { myPaymentRequestUpdated { id status } }'

const openStream = (cookie?: string) => openEventStream(app.url, SUBSCRIPTION, cookie)

it("tells the signed-in payee of each of their requests as it changes, and nothing of anyone else's", async () => {
  const aliceCookie = (await signIn(app.url, alice)).cookie
  const bobCookie = (await signIn(app.url, bob)).cookie
  const stream = await openStream(aliceCookie)
  try {
    await new Promise((resolve) => setTimeout(resolve, 100))
    await createRequest(app.url, bobCookie, bob)
    const mine = await createRequest(app.url, aliceCookie, alice)
    expect(await stream.next()).toEqual({ data: { myPaymentRequestUpdated: { id: mine.id, status: 'open' } } })
  } finally {
    await stream.close()
  }
})

it("hears of requests the payee's API keys and payment links make, as the app's own", async () => {
  const cookie = (await signIn(app.url, alice)).cookie
  const secret = (await createApiKey(app.url, cookie, alice)).data!.createApiKey.secret
  const link = await createPaymentLink(app.url, cookie, alice, {
    title: 'Tea',
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    amount: '2',
  })
  const stream = await openStream(cookie)
  try {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const byKey = await rest(app.url, '/payment-requests', {
      method: 'POST',
      secret,
      body: { chainId: 31337, asset: DEV_USDC_ADDRESS, amount: '5', dueAt: inAWeek() },
    })
    expect(byKey.status).toBe(201)
    expect(await stream.next()).toEqual({
      data: { myPaymentRequestUpdated: { id: (byKey.body as { id: string }).id, status: 'open' } },
    })
    const visit = await graphql<{ payWithLink: { id: string } }>(
      app.url,
      'mutation($id: String!) { payWithLink(id: $id) { id } }',
      { variables: { id: link.id } },
    )
    expect(await stream.next()).toEqual({
      data: { myPaymentRequestUpdated: { id: visit.data!.payWithLink.id, status: 'open' } },
    })
  } finally {
    await stream.close()
  }
})

it('refuses the stream without a session', async () => {
  const stream = await openStream()
  try {
    expect(await stream.next()).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] })
  } finally {
    await stream.close()
  }
})

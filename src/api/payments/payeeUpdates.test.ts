import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { alice, bob, signIn } from '../testing/graphqlClient.ts'
import { createRequest } from '../testing/paymentRequestInput.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
})
afterAll(async () => app?.close())

const SUBSCRIPTION = 'subscription { myPaymentRequestUpdated { id status } }'

/** The events of a server-sent stream, as they come. */
async function openStream(cookie?: string) {
  const response = await fetch(`${app.url}/graphql?query=${encodeURIComponent(SUBSCRIPTION)}`, { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffered = ''
  return {
    async next(): Promise<unknown> {
      for (;;) {
        const end = buffered.indexOf('\n\n')
        if (end >= 0) {
          const event = buffered.slice(0, end)
          buffered = buffered.slice(end + 2)
          const data = event.split('\n').find((line) => line.startsWith('data:'))
          if (data) return JSON.parse(data.slice(5))
          continue
        }
        const { value, done } = await reader.read()
        if (done) throw new Error('stream ended')
        buffered += value
      }
    },
    close: () => reader.cancel(),
  }
}

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

it('refuses the stream without a session', async () => {
  const stream = await openStream()
  try {
    expect(await stream.next()).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] })
  } finally {
    await stream.close()
  }
})

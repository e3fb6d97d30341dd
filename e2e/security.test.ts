import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, expect, inject, it } from 'vitest'
import { alice, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { closeBrowsers, personAt } from './support/people.ts'

const appUrl = inject('appUrl')
let attacker: Server | undefined
afterEach(closeBrowsers)
afterAll(() => attacker?.close())

/** Another site on the same host (another port is same-site to a browser, so Lax cookies go along). */
async function attackerSite(html: string): Promise<string> {
  attacker = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html))
  await new Promise<void>((resolve) => attacker!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`
}

it('a signed-in payee visiting a hostile page: the form cannot cancel their request and the pay page does not render in its frame', async () => {
  const { cookie } = await signIn(appUrl, alice)
  const { id } = await createRequest(appUrl, cookie, alice)
  const payee = await personAt('/', 0, { signIn: true })
  const cancel = `mutation { cancelPaymentRequest(id: "${id}") { status } }`
  const site = await attackerSite(`<!doctype html><body>
    <iframe id="victim" src="${appUrl}/pay/${id}" width="600" height="400"></iframe>
    <form id="csrf" method="POST" action="${appUrl}/graphql" enctype="application/x-www-form-urlencoded" target="sink">
      <input type="hidden" name="query" value='${cancel}'>
    </form>
    <iframe name="sink"></iframe>
    <script>setTimeout(() => document.getElementById('csrf').submit(), 300)</script>
  </body>`)

  await payee.goto(site)
  await payee.waitForTimeout(1500)
  const framed = payee.frames().find((frame) => frame.url().includes(`/pay/${id}`))
  // Chromium refuses the frame: either no frame for the URL or one without the app in it.
  expect(framed ? await framed.locator('[data-testid="request-status"]').count() : 0).toBe(0)

  const status = await graphql<{ paymentRequest: { status: string } }>(
    appUrl,
    `query { paymentRequest(id: "${id}") { status } }`,
  )
  expect(status.data!.paymentRequest.status).toBe('open')
})

import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { alice, bob, codes, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createRequest } from '../../testing/paymentRequestInput.ts'

let app: TestApp
let cookie: string
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
  cookie = (await signIn(app.url, alice)).cookie
})
afterAll(async () => app?.close())

const UPDATE =
  'mutation Update($displayName: String!, $website: String) { updateMyProfile(displayName: $displayName, website: $website) { displayName website } }'
const PROFILE_OF = 'query Of($id: String!) { paymentRequest(id: $id) { payeeProfile { displayName website } } }'

it('refuses a bad name or website with the field and a sentence, and stores nothing', async () => {
  for (const [displayName, website, field] of [
    ['<img src=x onerror=alert(1)>', null, 'displayName'],
    ['Acme\u202Eevil', null, 'displayName'],
    ['x'.repeat(200), null, 'displayName'],
    ['Acme', 'javascript:alert(1)', 'website'],
    ['Acme', 'ftp://acme.example', 'website'],
  ] as const) {
    const response = await graphql(app.url, UPDATE, { variables: { displayName, website }, cookie })
    expect(codes(response), displayName).toEqual(['BAD_USER_INPUT'])
    expect(response.errors![0]!.extensions!.field).toBe(field)
  }
  expect(
    (await graphql<{ myProfile: unknown }>(app.url, '{ myProfile { displayName } }', { cookie })).data!.myProfile,
  ).toBeNull()
  expect(codes(await graphql(app.url, UPDATE, { variables: { displayName: 'Acme' } }))).toEqual(['UNAUTHENTICATED'])
})

it("shows the payee's name on their requests and in a shared link's preview, escaped, and no one else's", async () => {
  const saved = await graphql(app.url, UPDATE, {
    variables: { displayName: 'Smith & Sons "Ltd"', website: 'https://smith.example' },
    cookie,
  })
  expect(saved.data).toEqual({
    updateMyProfile: { displayName: 'Smith & Sons "Ltd"', website: 'https://smith.example' },
  })
  const { id } = await createRequest(app.url, cookie, alice, { amount: '1234.5', memo: 'Invoice <42>' })
  const shown = await graphql<{ paymentRequest: { payeeProfile: unknown } }>(app.url, PROFILE_OF, { variables: { id } })
  expect(shown.data!.paymentRequest.payeeProfile).toEqual({
    displayName: 'Smith & Sons "Ltd"',
    website: 'https://smith.example',
  })

  const html = await (await fetch(`${app.url}/pay/${id}`)).text()
  expect(html).toContain('<title>Pay 1,234.5 USDC to Smith &amp; Sons &quot;Ltd&quot;</title>')
  expect(html).toContain('<meta property="og:description" content="Invoice &lt;42&gt; · Payment request on Billfold">')

  const bobCookie = (await signIn(app.url, bob)).cookie
  const other = await createRequest(app.url, bobCookie, bob)
  expect(
    (await graphql<{ paymentRequest: { payeeProfile: unknown } }>(app.url, PROFILE_OF, { variables: { id: other.id } }))
      .data!.paymentRequest.payeeProfile,
  ).toBeNull()
  expect(await (await fetch(`${app.url}/pay/${other.id}`)).text()).toContain(
    `<title>Pay 12.5 USDC to ${bob.address.slice(0, 6)}…${bob.address.slice(-4)}</title>`,
  )
})

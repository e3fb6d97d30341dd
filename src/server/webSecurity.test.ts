import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { alice, codes, graphql, signIn } from '../api/testing/graphqlClient.ts'
import { createRequest } from '../api/testing/paymentRequestInput.ts'

let app: TestApp
let cookie: string
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
  cookie = (await signIn(app.url, alice)).cookie
})
afterAll(async () => app?.close())

const STATUS = 'query Status($id: String!) { paymentRequest(id: $id) { status } }'
const CANCEL = 'mutation { cancelPaymentRequest(id: "ID") { status } }'

describe('cross-site requests', () => {
  it('refuses a mutation sent as a form, multipart or text/plain with the session cookie, and nothing changes', async () => {
    const { id } = await createRequest(app.url, cookie, alice)
    const query = CANCEL.replace('ID', id)
    const bodies: [string, string | FormData][] = [
      ['application/x-www-form-urlencoded', new URLSearchParams({ query }).toString()],
      ['text/plain', JSON.stringify({ query })],
    ]
    for (const [type, body] of bodies) {
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': type, cookie },
        body,
      })
      expect(response.status, type).toBe(415)
      expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] })
    }
    const form = new FormData()
    form.set('operations', JSON.stringify({ query }))
    const multipart = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { cookie }, body: form })
    expect(multipart.status).toBe(415)
    expect(
      (await graphql<{ paymentRequest: { status: string } }>(app.url, STATUS, { variables: { id } })).data!
        .paymentRequest.status,
    ).toBe('open')
  })

  it('refuses JSON from another origin or marked cross-site by the browser, and takes it from the app itself', async () => {
    const { id } = await createRequest(app.url, cookie, alice)
    const send = (headers: Record<string, string>) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: JSON.stringify({ query: CANCEL.replace('ID', id) }),
      })
    const hostile: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of hostile) {
      const refused = await send(headers)
      expect(refused.status, JSON.stringify(headers)).toBe(403)
      expect(await refused.json()).toMatchObject({ errors: [{ extensions: { code: 'CROSS_SITE_REQUEST' } }] })
    }
    expect(
      (await graphql<{ paymentRequest: { status: string } }>(app.url, STATUS, { variables: { id } })).data!
        .paymentRequest.status,
    ).toBe('open')
    const own = await send({ origin: new URL(app.url).origin, 'sec-fetch-site': 'same-origin' })
    expect(await own.json()).toMatchObject({ data: { cancelPaymentRequest: { status: 'cancelled' } } })
  })
})

describe('headers and what production serves', () => {
  it('forbids framing and sniffing, sends no referrer and a CSP without inline script on every page', async () => {
    for (const path of ['/', '/pay/abc', '/graphql?query=%7B__typename%7D', '/export/requests.csv']) {
      const response = await fetch(`${app.url}${path}`)
      expect(response.headers.get('x-frame-options'), path).toBe('DENY')
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer')
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(csp, path).toMatch(/script-src 'self'(;|$)/)
      await response.arrayBuffer()
    }
  })

  it('has no script the CSP would have to allow inline: the runtime config is inert JSON', async () => {
    const html = await (await fetch(`${app.url}/pay/abc`)).text()
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes, body] of scripts) {
      if (body!.trim()) expect(attributes).toContain('type="application/json"')
      else expect(attributes).toMatch(/src="\/assets\//)
    }
  })

  it('serves no source maps and no sources', async () => {
    const html = await (await fetch(`${app.url}/`)).text()
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!
    const script = await (await fetch(`${app.url}${entry}`)).text()
    expect(script).not.toContain('sourceMappingURL')
    expect((await fetch(`${app.url}${entry}.map`)).status).toBe(404)
    expect((await fetch(`${app.url}/src/web/main.tsx`)).headers.get('content-type')).toContain('text/html')
  })

  it('turns introspection off in production unless configured, and never echoes a parser error object', async () => {
    const introspect = await graphql(app.url, '{ __schema { types { name } } }')
    expect(introspect.data).toBeUndefined()
    expect(new Set(codes(introspect))).toEqual(new Set(['GRAPHQL_VALIDATION_FAILED']))
    expect(introspect.errors![0]!.message).toContain('introspection')
    const open = await startTestApp({ anvilUrl: inject('anvilUrl'), watch: false, introspection: true })
    try {
      expect(
        (await graphql<{ __schema: { types: unknown[] } }>(open.url, '{ __schema { types { name } } }')).data!.__schema
          .types.length,
      ).toBeGreaterThan(10)
    } finally {
      await open.close()
    }
    // A GraphQL-over-HTTP client (the app's) gets 400; a legacy application/json one gets 200 with the error.
    const accept = 'application/graphql-response+json, application/json'
    const bad = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: '{"query": ',
    })
    const text = await bad.text()
    expect(bad.status).toBe(400)
    expect(JSON.parse(text)).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] })
    expect(text).not.toContain('originalError')
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { alice, bob, codes, graphql, SIGN_IN, signIn, signInMessage } from '../testing/graphqlClient.ts'

const anvilUrl = inject('anvilUrl')
let app: TestApp

beforeAll(async () => {
  app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0 })
})
afterAll(async () => app?.close())

async function rowCount(table: 'sessions' | 'siwe_nonces', where = sql`true`) {
  const result = await app.database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  )
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[]
  return rows[0]!.n
}

const ME = '{ me { address chainId expiresAt } }'
const MY_SESSIONS = '{ mySessions { chainId createdAt expiresAt } }'

describe('Sign-In with Ethereum over HTTP', () => {
  it('signs in with a signed message and sets an HttpOnly, SameSite=Lax cookie that expires', async () => {
    const { response, cookie } = await signIn(app.url, alice)
    expect(response.errors).toBeUndefined()
    expect(response.data).toMatchObject({ signIn: { address: alice.address, chainId: 31337 } })
    const header = response.headers.getSetCookie()[0]!
    expect(header).toMatch(
      /^billfold_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=60(47|48)\d\d; Expires=/,
    )
    expect(header).not.toContain('Secure') // plain http on loopback
    const me = await graphql(app.url, ME, { cookie })
    expect(me.data).toMatchObject({ me: { address: alice.address, chainId: 31337 } })
  })

  it('answers me with null and private fields with UNAUTHENTICATED without a cookie', async () => {
    expect((await graphql(app.url, ME)).data).toEqual({ me: null })
    const mine = await graphql(app.url, MY_SESSIONS)
    expect(codes(mine)).toEqual(['UNAUTHENTICATED'])
    expect(mine.errors![0]!.message).toBe('Sign in with your wallet to see this.')
  })

  it('lists the sessions of the signed-in wallet', async () => {
    const { cookie } = await signIn(app.url, bob)
    const mine = await graphql<{ mySessions: unknown[] }>(app.url, MY_SESSIONS, { cookie })
    expect(mine.data!.mySessions).toHaveLength(1)
  })

  it('ends the session on sign-out: the old cookie no longer works', async () => {
    const { cookie } = await signIn(app.url, alice)
    const out = await graphql(app.url, 'mutation { signOut }', { cookie })
    expect(out.data).toEqual({ signOut: true })
    expect(out.headers.getSetCookie()[0]).toMatch(/^billfold_session=; .*Max-Age=0/)
    expect((await graphql(app.url, ME, { cookie })).data).toEqual({ me: null })
    expect(codes(await graphql(app.url, MY_SESSIONS, { cookie }))).toEqual(['UNAUTHENTICATED'])
  })

  it('refuses a nonce used twice', async () => {
    const message = await signInMessage(app.url, alice)
    const signature = await alice.signMessage({ message })
    expect((await graphql(app.url, SIGN_IN, { variables: { message, signature } })).errors).toBeUndefined()
    const again = await graphql(app.url, SIGN_IN, { variables: { message, signature } })
    expect(codes(again)).toEqual(['SIWE_NONCE_INVALID'])
    expect(again.errors![0]!.message).toBe('This sign-in request has expired or was already used. Sign in again.')
  })

  it('refuses a nonce the server never issued', async () => {
    const message = (await signInMessage(app.url, alice)).replace(/Nonce: \w+/, 'Nonce: madeup12345678')
    const response = await graphql(app.url, SIGN_IN, {
      variables: { message, signature: await alice.signMessage({ message }) },
    })
    expect(codes(response)).toEqual(['SIWE_NONCE_INVALID'])
  })

  it('refuses an expired nonce', async () => {
    const shortLived = await startTestApp({ anvilUrl, auth: { nonceTtlMs: 50 } })
    try {
      const message = await signInMessage(shortLived.url, alice)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const response = await graphql(shortLived.url, SIGN_IN, {
        variables: { message, signature: await alice.signMessage({ message }) },
      })
      expect(codes(response)).toEqual(['SIWE_NONCE_INVALID'])
    } finally {
      await shortLived.close()
    }
  })

  it('refuses a message for another domain or another site', async () => {
    for (const overrides of [{ domain: 'evil.example' }, { uri: 'https://evil.example/login' }]) {
      const message = await signInMessage(app.url, alice, overrides)
      const response = await graphql(app.url, SIGN_IN, {
        variables: { message, signature: await alice.signMessage({ message }) },
      })
      expect(codes(response)).toEqual(['SIWE_DOMAIN_MISMATCH'])
      expect(response.errors![0]!.message).toMatch(/^This sign-in message is for .*evil\.example.*, not /)
    }
  })

  it('refuses a chain it does not accept, and an expired message', async () => {
    const otherChain = await signInMessage(app.url, alice, { chainId: 1 })
    expect(
      codes(
        await graphql(app.url, SIGN_IN, {
          variables: { message: otherChain, signature: await alice.signMessage({ message: otherChain }) },
        }),
      ),
    ).toEqual(['SIWE_CHAIN_UNSUPPORTED'])
    const expired = await signInMessage(app.url, alice, { expirationTime: new Date(Date.now() - 1000) })
    expect(
      codes(
        await graphql(app.url, SIGN_IN, {
          variables: { message: expired, signature: await alice.signMessage({ message: expired }) },
        }),
      ),
    ).toEqual(['SIWE_EXPIRED'])
  })

  it('refuses a signature made by another address, and keeps the nonce usable', async () => {
    const message = await signInMessage(app.url, alice)
    const forged = await graphql(app.url, SIGN_IN, {
      variables: { message, signature: await bob.signMessage({ message }) },
    })
    expect(codes(forged)).toEqual(['SIWE_SIGNATURE_INVALID'])
    expect(forged.errors![0]!.message).toBe(`The signature is not from ${alice.address}.`)
    const genuine = await graphql(app.url, SIGN_IN, {
      variables: { message, signature: await alice.signMessage({ message }) },
    })
    expect(genuine.errors).toBeUndefined()
  })

  it('refuses a message with an extra line or a missing field, naming what is wrong', async () => {
    const message = await signInMessage(app.url, alice)
    const extra = `${message}\nNote: pay me`
    const extraResponse = await graphql(app.url, SIGN_IN, {
      variables: { message: extra, signature: await alice.signMessage({ message: extra }) },
    })
    expect(codes(extraResponse)).toEqual(['SIWE_MESSAGE_INVALID'])
    expect(extraResponse.errors![0]!.message).toBe('The sign-in message is not in the Sign-In with Ethereum format.')

    const missing = message.replace(/\nNonce: \w+/, '')
    const missingResponse = await graphql(app.url, SIGN_IN, {
      variables: { message: missing, signature: await alice.signMessage({ message: missing }) },
    })
    expect(codes(missingResponse)).toEqual(['SIWE_MESSAGE_INVALID'])
    expect(missingResponse.errors![0]!.message).toMatch(/^The sign-in message has no \w+\.$/)
  })

  it('refuses a signature of the wrong length or with non-hex characters, naming the field', async () => {
    const message = await signInMessage(app.url, alice)
    const signature = await alice.signMessage({ message })
    const short = await graphql(app.url, SIGN_IN, { variables: { message, signature: signature.slice(0, 100) } })
    expect(short.errors![0]).toMatchObject({
      message: 'signature has the wrong length for an Ethereum signature.',
      extensions: { code: 'BAD_USER_INPUT', field: 'signature' },
    })
    const nonHex = await graphql(app.url, SIGN_IN, { variables: { message, signature: `${signature.slice(0, -2)}zz` } })
    expect(nonHex.errors![0]).toMatchObject({
      message: 'signature must be a 0x-prefixed hex string.',
      extensions: { code: 'BAD_USER_INPUT', field: 'signature' },
    })
  })

  it('treats a tampered cookie as no session', async () => {
    const { cookie } = await signIn(app.url, alice)
    const flipped = cookie.slice(0, -1) + (cookie.endsWith('A') ? 'B' : 'A')
    expect((await graphql(app.url, ME, { cookie: flipped })).data).toEqual({ me: null })
    expect((await graphql(app.url, ME, { cookie: `${cookie}<script>` })).data).toEqual({ me: null })
    expect(codes(await graphql(app.url, MY_SESSIONS, { cookie: flipped }))).toEqual(['UNAUTHENTICATED'])
  })

  it('writes no session for any refused sign-in', async () => {
    const before = await rowCount('sessions')
    const message = await signInMessage(app.url, alice, { domain: 'evil.example' })
    await graphql(app.url, SIGN_IN, { variables: { message, signature: await alice.signMessage({ message }) } })
    await graphql(app.url, SIGN_IN, { variables: { message: 'hello', signature: '0x00' } })
    expect(await rowCount('sessions')).toBe(before)
  })
})

describe('request limits and malformed requests', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await post('{"query": "{ me { address } }"')
    expect(response.status).toBe(400)
    expect((await response.json()).errors[0].extensions.code).toBe('BAD_REQUEST')
  })

  it('refuses a 10 MB body with 413 REQUEST_TOO_LARGE', async () => {
    const response = await post(JSON.stringify({ query: `{ me { address } } #${'x'.repeat(10 * 1024 * 1024)}` }))
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      errors: [{ message: 'The request body is larger than 100 KB.', extensions: { code: 'REQUEST_TOO_LARGE' } }],
    })
  })

  it('refuses a streamed body of unknown length with 411 LENGTH_REQUIRED', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"query":"{ chains { id } }"}'))
        controller.close()
      },
    })
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(411)
    expect((await response.json()).errors[0].extensions.code).toBe('LENGTH_REQUIRED')
  })

  it('refuses a 200-level nested query with QUERY_TOO_DEEP', async () => {
    const query = `{ ${'me { '.repeat(200)}address${' }'.repeat(200)} }`
    const response = await graphql(app.url, query)
    expect(codes(response)).toContain('QUERY_TOO_DEEP')
    expect(response.errors!.find((e) => e.extensions?.code === 'QUERY_TOO_DEEP')!.message).toMatch(
      /Query depth limit of 8 exceeded/,
    )
  })

  it('refuses 1,000 aliases, and 20 aliases, each with its code', async () => {
    const thousand = `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: chains { id }`).join(' ')} }`
    expect(codes(await graphql(app.url, thousand))).toEqual(['QUERY_TOO_LONG'])
    const twenty = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: chains { id }`).join(' ')} }`
    expect(codes(await graphql(app.url, twenty))).toContain('TOO_MANY_ALIASES')
  })

  it('answers an unknown operation name with OPERATION_RESOLUTION_FAILURE', async () => {
    const response = await graphql(app.url, 'query Known { chains { id } }', { operationName: 'Unknown' })
    expect(codes(response)).toEqual(['OPERATION_RESOLUTION_FAILURE'])
    expect(response.errors![0]!.message).toBe('Could not determine what operation to execute.')
  })

  it('answers an unknown field with GRAPHQL_VALIDATION_FAILED and a syntax error with GRAPHQL_PARSE_FAILED', async () => {
    expect(codes(await graphql(app.url, '{ secrets }'))).toEqual(['GRAPHQL_VALIDATION_FAILED'])
    expect(codes(await graphql(app.url, '{ chains { id }'))).toEqual(['GRAPHQL_PARSE_FAILED'])
  })

  it('limits each address to its rate, with 429 RATE_LIMITED and Retry-After', async () => {
    const limited = await startTestApp({ anvilUrl, rateLimitPerMinute: 5 })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 6; i++)
        statuses.push((await graphql(limited.url, '{ chains { id } }').catch(() => ({ status: 0 }))).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
      const response = await fetch(`${limited.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ chains { id } }"}',
      })
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
      expect((await response.json()).errors[0].extensions.code).toBe('RATE_LIMITED')
    } finally {
      await limited.close()
    }
  })

  it('masks an unexpected failure and names the request id in the answer, the header and the log', async () => {
    const logged: string[] = []
    const broken = await startTestApp({ anvilUrl, log: (line) => logged.push(line) })
    const { cookie } = await signIn(broken.url, alice)
    await broken.database.close() // the database goes away under the server
    try {
      const response = await graphql(broken.url, ME, { cookie })
      const error = response.errors![0]!
      expect(error.extensions?.code).toBe('INTERNAL_SERVER_ERROR')
      expect(error.message).toBe(
        'Something went wrong on our side. Try again; if it keeps happening, report this request id.',
      )
      expect(error.extensions?.requestId).toBe(response.headers.get('x-request-id'))
      expect(logged.some((line) => line.startsWith(`[${error.extensions?.requestId}] unexpected error:`))).toBe(true)
    } finally {
      await broken.close().catch(() => undefined)
    }
  })
})

describe.skipIf(!inject('postgresUrl'))('several servers on one PostgreSQL', () => {
  it('a sign-out on one server ends the session on the others at once, despite their caches', async () => {
    const databaseUrl = await createFreshDatabase(inject('postgresUrl'))
    const [a, b] = await Promise.all([startTestApp({ anvilUrl, databaseUrl }), startTestApp({ anvilUrl, databaseUrl })])
    try {
      const { cookie } = await signIn(a.url, alice)
      expect((await graphql(b.url, ME, { cookie })).data).toMatchObject({ me: { address: alice.address } }) // b caches it
      await graphql(a.url, 'mutation { signOut }', { cookie })
      await expect
        .poll(async () => (await graphql(b.url, ME, { cookie })).data, { timeout: 2000, interval: 20 })
        .toEqual({ me: null })
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})

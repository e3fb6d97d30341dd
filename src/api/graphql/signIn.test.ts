import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { resultRows } from '../../db/rawStatements.ts'
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
  return resultRows<{ n: number }>(result)[0]!.n
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

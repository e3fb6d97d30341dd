import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { alice, bob, codes, graphql, signIn } from '../testing/graphqlClient.ts'
import { signedRequestInput } from '../testing/paymentRequestInput.ts'
import { purgeExpiredAuth } from '../../merchants/sessions/purgeExpired.ts'

const apps: TestApp[] = []
afterAll(async () => Promise.all(apps.map((app) => app.close())))
async function app(options: Partial<Parameters<typeof startTestApp>[0]> = {}) {
  const started = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false, ...options })
  apps.push(started)
  return started
}

const ME = '{ me { address } }'
const count = async (target: TestApp, table: 'siwe_nonces' | 'sessions') => {
  const result = await target.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))
  const rows = (result as unknown as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[])
  return Number(rows[0]!.n)
}

describe('nonces and sessions do not pile up', () => {
  it('limits the nonces one client can ask for, with the wait in the answer', async () => {
    const limited = await app({ noncesPerMinute: 5 })
    for (let i = 0; i < 5; i++) expect((await graphql(limited.url, 'mutation { nonce { nonce } }')).data).toBeDefined()
    const refused = await graphql(limited.url, 'mutation { nonce { nonce } }')
    expect(codes(refused)).toEqual(['RATE_LIMITED'])
    expect(refused.errors![0]!.message).toMatch(/Too many sign-in attempts from this address\. Try again in \d+ s\./)
    expect(await count(limited, 'siwe_nonces')).toBe(5)
  })

  it('purges expired nonces and expired or revoked sessions, and keeps what still works', async () => {
    const target = await app()
    const kept = await signIn(target.url, alice)
    const revoked = await signIn(target.url, bob)
    await graphql(target.url, 'mutation { signOut }', { cookie: revoked.cookie })
    await graphql(target.url, 'mutation { nonce { nonce } }')
    expect(await count(target, 'sessions')).toBe(2)

    expect(await purgeExpiredAuth(target.database.db)).toEqual({ nonces: 0, sessions: 1 })
    expect((await graphql<{ me: { address: string } }>(target.url, ME, { cookie: kept.cookie })).data!.me.address).toBe(
      alice.address,
    )
    // Eight days on, everything issued today has expired.
    expect(await purgeExpiredAuth(target.database.db, new Date(Date.now() + 8 * 24 * 3600 * 1000))).toEqual({
      nonces: 3,
      sessions: 1,
    })
    expect([await count(target, 'siwe_nonces'), await count(target, 'sessions')]).toEqual([0, 0])
  })
})

describe('Sign out everywhere', () => {
  const postgresUrl = inject('postgresUrl')
  it.skipIf(!postgresUrl)('ends every session of the address on every server at once, and no one else’s', async () => {
    const databaseUrl = await createFreshDatabase(postgresUrl)
    const [one, two] = [await app({ databaseUrl }), await app({ databaseUrl })]
    const laptop = await signIn(one.url, alice)
    const stolen = await signIn(two.url, alice)
    const other = await signIn(two.url, bob)
    // Both servers have the sessions in their caches.
    expect(
      (await graphql<{ me: { address: string } | null }>(two.url, ME, { cookie: stolen.cookie })).data!.me,
    ).not.toBeNull()
    expect(
      (await graphql<{ me: { address: string } | null }>(one.url, ME, { cookie: laptop.cookie })).data!.me,
    ).not.toBeNull()

    const ended = await graphql<{ signOutEverywhere: number }>(one.url, 'mutation { signOutEverywhere }', {
      cookie: laptop.cookie,
    })
    expect(ended.data!.signOutEverywhere).toBe(2)
    expect(ended.headers.getSetCookie()[0]).toMatch(/Max-Age=0/)
    await expect
      .poll(async () => (await graphql<{ me: unknown }>(two.url, ME, { cookie: stolen.cookie })).data!.me, {
        timeout: 2000,
      })
      .toBeNull()
    expect((await graphql<{ me: unknown }>(one.url, ME, { cookie: laptop.cookie })).data!.me).toBeNull()
    expect((await graphql<{ me: { address: string } }>(two.url, ME, { cookie: other.cookie })).data!.me.address).toBe(
      bob.address,
    )
    expect(codes(await graphql(one.url, 'mutation { signOutEverywhere }', { cookie: laptop.cookie }))).toEqual([
      'UNAUTHENTICATED',
    ])
  })
})

describe('requests nobody could pay', () => {
  it('refuses a payer of 0x0 or the payee themself, naming the payer field', async () => {
    const target = await app()
    const { cookie } = await signIn(target.url, alice)
    const create = 'mutation Create($input: CreatePaymentRequestInput!) { createPaymentRequest(input: $input) { id } }'
    for (const [payer, words] of [
      ['0x0000000000000000000000000000000000000000', 'cannot be the zero address'],
      [alice.address.toLowerCase(), 'cannot be you'],
    ] as const) {
      const response = await graphql(target.url, create, {
        variables: { input: await signedRequestInput(alice, { payer }) },
        cookie,
      })
      expect(codes(response)).toEqual(['BAD_USER_INPUT'])
      expect(response.errors![0]!.extensions!.field).toBe('payer')
      expect(response.errors![0]!.message).toContain(words)
    }
  })
})

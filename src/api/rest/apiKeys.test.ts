import { eq } from 'drizzle-orm'
import { type Hex } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { startTestApp, TEST_SECRET_KEY } from '../../../testing/startTestApp.ts'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { apiKeys } from '../../db/schema.ts'
import { delegationToSign } from '../../domain/delegation.ts'
import { createSecretBox } from '../../secrets/secretBox.ts'
import { alice, bob, graphql, signIn } from '../testing/graphqlClient.ts'
import { createApiKey, rest } from '../testing/merchantClient.ts'
import { privateKeyToAccount } from 'viem/accounts'

import { useMerchantApp } from '../testing/merchantApp.ts'

const { env, order, requestCount } = useMerchantApp()

describe('API keys', () => {
  it('shows the secret once and keeps only its hash; the delegate key is sealed with SECRET_KEY', async () => {
    const created = await createApiKey(env.app.url, env.aliceCookie, alice, {
      name: 'Kept secret',
      scopes: ['requests:read'],
    })
    const { secret: shown, apiKey } = created.data!.createApiKey
    expect(shown).toMatch(/^bfk_[A-Za-z0-9_-]{43}$/)
    const listed = await graphql<{
      myApiKeys: { id: string; name: string; scopes: string[]; secretPrefix: string; lastUsedAt: string | null }[]
    }>(env.app.url, '{ myApiKeys { id name scopes secretPrefix lastUsedAt } }', { cookie: env.aliceCookie })
    const mine = listed.data!.myApiKeys.find((k) => k.id === apiKey.id)!
    expect(mine).toEqual({
      id: apiKey.id,
      name: 'Kept secret',
      scopes: ['requests:read'],
      secretPrefix: shown.slice(0, 10),
      lastUsedAt: null,
    })
    expect(JSON.stringify(listed)).not.toContain(shown)
    const [row] = await env.app.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id))
    expect(JSON.stringify(row)).not.toContain(shown.slice(10))
    expect(row!.delegateKeySealed).toMatch(/^v1\./)
    const delegateKey = createSecretBox(TEST_SECRET_KEY, 'api key delegates').open(row!.delegateKeySealed) as Hex
    expect(privateKeyToAccount(delegateKey).address).toBe(apiKey.delegate)

    await rest(env.app.url, '/payment-requests', { secret: shown })
    const after = await graphql<{ myApiKeys: { id: string; lastUsedAt: string | null }[] }>(
      env.app.url,
      '{ myApiKeys { id lastUsedAt } }',
      { cookie: env.aliceCookie },
    )
    expect(after.data!.myApiKeys.find((k) => k.id === apiKey.id)!.lastUsedAt).not.toBeNull()
  })

  it('makes no requests with a key until the payee’s wallet signs its delegation; reads at once', async () => {
    const created = await createApiKey(env.app.url, env.aliceCookie, alice, { name: 'Unsigned', authorise: false })
    const { secret: unsigned, apiKey } = created.data!.createApiKey
    const count = await requestCount()
    const refused = await rest(env.app.url, '/payment-requests', { method: 'POST', secret: unsigned, body: order() })
    expect(refused.status).toBe(403)
    expect(refused.body!.error).toMatchObject({ code: 'DELEGATION_MISSING' })
    expect(refused.body!.error.message).toContain('authorise the key')
    expect(await requestCount()).toBe(count)
    expect((await rest(env.app.url, '/payment-requests', { secret: unsigned })).status).toBe(200)
    const listed = await graphql<{
      myApiKeys: { id: string; authorisedAt: string | null; delegationSignature: string | null }[]
    }>(env.app.url, '{ myApiKeys { id authorisedAt delegationSignature } }', {
      cookie: env.aliceCookie,
    })
    expect(listed.data!.myApiKeys.find((k) => k.id === apiKey.id)).toEqual({
      id: apiKey.id,
      authorisedAt: null,
      delegationSignature: null,
    })

    // Signed afterwards: the key (cached by now) makes requests at once.
    const { delegation } = apiKey
    const signature = await alice.signTypedData(delegationToSign(delegation))
    const authorised = await graphql(
      env.app.url,
      'mutation($id: String!, $sig: String!) { authoriseApiKey(id: $id, delegationSignature: $sig) { authorisedAt } }',
      {
        variables: { id: apiKey.id, sig: signature },
        cookie: env.aliceCookie,
      },
    )
    expect(authorised.errors).toBeUndefined()
    expect(
      (await rest(env.app.url, '/payment-requests', { method: 'POST', secret: unsigned, body: order() })).status,
    ).toBe(201)
  })

  it('refuses a forged delegation, another payee’s key, and bad names and scopes, naming the field', async () => {
    const forged = await createApiKey(env.app.url, env.aliceCookie, alice, { signer: bob })
    expect(forged.errors?.[0]?.extensions).toMatchObject({ code: 'SIGNATURE_MISMATCH', field: 'delegationSignature' })
    const forgedKey = await rest(env.app.url, '/payment-requests', {
      method: 'POST',
      secret: forged.data!.createApiKey.secret,
      body: order(),
    })
    expect(forgedKey.body!.error.code).toBe('DELEGATION_MISSING')

    const bobCookie = (await signIn(env.app.url, bob)).cookie
    const bobs = (await createApiKey(env.app.url, bobCookie, bob, { name: 'Bob', authorise: false })).data!.createApiKey
    const stolen = await graphql(
      env.app.url,
      'mutation($id: String!, $sig: String!) { authoriseApiKey(id: $id, delegationSignature: $sig) { id } }',
      {
        variables: { id: bobs.apiKey.id, sig: await alice.signTypedData(delegationToSign(bobs.apiKey.delegation)) },
        cookie: env.aliceCookie,
      },
    )
    expect(stolen.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'id' })
    const revoked = await graphql(env.app.url, 'mutation($id: String!) { revokeApiKey(id: $id) { id } }', {
      variables: { id: bobs.apiKey.id },
      cookie: env.aliceCookie,
    })
    expect(revoked.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'id' })

    for (const [args, field] of [
      ['name: "", scopes: ["requests:read"]', 'name'],
      ['name: "a\\u202Eb", scopes: ["requests:read"]', 'name'],
      ['name: "ok", scopes: []', 'scopes'],
      ['name: "ok", scopes: ["admin"]', 'scopes'],
      ['name: "ok", scopes: ["requests:read"], expiresAt: "2001-01-01T00:00:00Z"', 'expiresAt'],
    ] as const) {
      const bad = await graphql(env.app.url, `mutation { createApiKey(${args}) { secret } }`, {
        cookie: env.aliceCookie,
      })
      expect(bad.errors?.[0]?.extensions, args).toMatchObject({ code: 'BAD_USER_INPUT', field })
    }
  })
})

describe.skipIf(!inject('postgresUrl'))('API keys across servers on one PostgreSQL', () => {
  it('a key revoked on one server stops working on another that had it cached', async () => {
    const databaseUrl = await createFreshDatabase(inject('postgresUrl'))
    const [one, two] = await Promise.all(
      [0, 1].map(() => startTestApp({ anvilUrl: inject('anvilUrl'), databaseUrl, watch: false })),
    )
    try {
      const cookie = (await signIn(one!.url, alice)).cookie
      const created = (await createApiKey(one!.url, cookie, alice)).data!.createApiKey
      expect((await rest(two!.url, '/payment-requests?limit=1', { secret: created.secret })).status).toBe(200)
      await graphql(one!.url, 'mutation($id: String!) { revokeApiKey(id: $id) { revokedAt } }', {
        variables: { id: created.apiKey.id },
        cookie,
      })
      expect((await rest(one!.url, '/payment-requests?limit=1', { secret: created.secret })).status).toBe(401)
      await expect
        .poll(async () => (await rest(two!.url, '/payment-requests?limit=1', { secret: created.secret })).status, {
          timeout: 5000,
        })
        .toBe(401)
    } finally {
      await Promise.all([one?.close(), two?.close()])
    }
  })
})

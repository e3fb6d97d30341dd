import { eq, sql } from 'drizzle-orm'
import { recoverTypedDataAddress, verifyTypedData, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, TEST_SECRET_KEY, type TestApp } from '../../../testing/startTestApp.ts'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { DEV_USDC_ADDRESS } from '../../chain/chains.ts'
import { apiKeys, paymentRequests } from '../../db/schema.ts'
import { delegationToSign } from '../../domain/delegation.ts'
import { paymentRequestTypedData } from '../../domain/paymentRequest.ts'
import { createSecretBox } from '../../merchants/secrets/secretBox.ts'
import { alice, bob, graphql, signIn } from '../testing/graphqlClient.ts'
import { createApiKey, inAWeek, rest } from '../testing/merchantClient.ts'
import { privateKeyToAccount } from 'viem/accounts'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

let app: TestApp
let aliceCookie: string
let secret: string
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), watch: false })
  aliceCookie = (await signIn(app.url, alice)).cookie
  const created = await createApiKey(app.url, aliceCookie, alice)
  secret = created.data!.createApiKey.secret
})
afterAll(async () => app?.close())

const order = (overrides: Record<string, unknown> = {}) => ({
  chainId: 31337,
  asset: DEV_USDC_ADDRESS,
  amount: '19.99',
  memo: 'Order 1042',
  dueAt: inAWeek(),
  ...overrides,
})
const requestCount = async () =>
  Number((await app.database.db.select({ n: sql<number>`count(*)` }).from(paymentRequests))[0]!.n)

describe('API keys', () => {
  it('shows the secret once and keeps only its hash; the delegate key is sealed with SECRET_KEY', async () => {
    const created = await createApiKey(app.url, aliceCookie, alice, { name: 'Kept secret', scopes: ['requests:read'] })
    const { secret: shown, apiKey } = created.data!.createApiKey
    expect(shown).toMatch(/^bfk_[A-Za-z0-9_-]{43}$/)
    const listed = await graphql<{
      myApiKeys: { id: string; name: string; scopes: string[]; secretPrefix: string; lastUsedAt: string | null }[]
    }>(app.url, '{ myApiKeys { id name scopes secretPrefix lastUsedAt } }', { cookie: aliceCookie })
    const mine = listed.data!.myApiKeys.find((k) => k.id === apiKey.id)!
    expect(mine).toEqual({
      id: apiKey.id,
      name: 'Kept secret',
      scopes: ['requests:read'],
      secretPrefix: shown.slice(0, 10),
      lastUsedAt: null,
    })
    expect(JSON.stringify(listed)).not.toContain(shown)
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id))
    expect(JSON.stringify(row)).not.toContain(shown.slice(10))
    expect(row!.delegateKeySealed).toMatch(/^v1\./)
    const delegateKey = createSecretBox(TEST_SECRET_KEY, 'api key delegates').open(row!.delegateKeySealed) as Hex
    expect(privateKeyToAccount(delegateKey).address).toBe(apiKey.delegate)

    await rest(app.url, '/payment-requests', { secret: shown })
    const after = await graphql<{ myApiKeys: { id: string; lastUsedAt: string | null }[] }>(
      app.url,
      '{ myApiKeys { id lastUsedAt } }',
      { cookie: aliceCookie },
    )
    expect(after.data!.myApiKeys.find((k) => k.id === apiKey.id)!.lastUsedAt).not.toBeNull()
  })

  it('makes no requests with a key until the payee’s wallet signs its delegation; reads at once', async () => {
    const created = await createApiKey(app.url, aliceCookie, alice, { name: 'Unsigned', authorise: false })
    const { secret: unsigned, apiKey } = created.data!.createApiKey
    const count = await requestCount()
    const refused = await rest(app.url, '/payment-requests', { method: 'POST', secret: unsigned, body: order() })
    expect(refused.status).toBe(403)
    expect(refused.body!.error).toMatchObject({ code: 'DELEGATION_MISSING' })
    expect(refused.body!.error.message).toContain('authorise the key')
    expect(await requestCount()).toBe(count)
    expect((await rest(app.url, '/payment-requests', { secret: unsigned })).status).toBe(200)
    const listed = await graphql<{
      myApiKeys: { id: string; authorisedAt: string | null; delegationSignature: string | null }[]
    }>(app.url, '{ myApiKeys { id authorisedAt delegationSignature } }', {
      cookie: aliceCookie,
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
      app.url,
      'mutation($id: String!, $sig: String!) { authoriseApiKey(id: $id, delegationSignature: $sig) { authorisedAt } }',
      {
        variables: { id: apiKey.id, sig: signature },
        cookie: aliceCookie,
      },
    )
    expect(authorised.errors).toBeUndefined()
    expect((await rest(app.url, '/payment-requests', { method: 'POST', secret: unsigned, body: order() })).status).toBe(
      201,
    )
  })

  it('refuses a forged delegation, another payee’s key, and bad names and scopes, naming the field', async () => {
    const forged = await createApiKey(app.url, aliceCookie, alice, { signer: bob })
    expect(forged.errors?.[0]?.extensions).toMatchObject({ code: 'SIGNATURE_MISMATCH', field: 'delegationSignature' })
    const forgedKey = await rest(app.url, '/payment-requests', {
      method: 'POST',
      secret: forged.data!.createApiKey.secret,
      body: order(),
    })
    expect(forgedKey.body!.error.code).toBe('DELEGATION_MISSING')

    const bobCookie = (await signIn(app.url, bob)).cookie
    const bobs = (await createApiKey(app.url, bobCookie, bob, { name: 'Bob', authorise: false })).data!.createApiKey
    const stolen = await graphql(
      app.url,
      'mutation($id: String!, $sig: String!) { authoriseApiKey(id: $id, delegationSignature: $sig) { id } }',
      {
        variables: { id: bobs.apiKey.id, sig: await alice.signTypedData(delegationToSign(bobs.apiKey.delegation)) },
        cookie: aliceCookie,
      },
    )
    expect(stolen.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'id' })
    const revoked = await graphql(app.url, 'mutation($id: String!) { revokeApiKey(id: $id) { id } }', {
      variables: { id: bobs.apiKey.id },
      cookie: aliceCookie,
    })
    expect(revoked.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'id' })

    for (const [args, field] of [
      ['name: "", scopes: ["requests:read"]', 'name'],
      ['name: "a\\u202Eb", scopes: ["requests:read"]', 'name'],
      ['name: "ok", scopes: []', 'scopes'],
      ['name: "ok", scopes: ["admin"]', 'scopes'],
      ['name: "ok", scopes: ["requests:read"], expiresAt: "2001-01-01T00:00:00Z"', 'expiresAt'],
    ] as const) {
      const bad = await graphql(app.url, `mutation { createApiKey(${args}) { secret } }`, { cookie: aliceCookie })
      expect(bad.errors?.[0]?.extensions, args).toMatchObject({ code: 'BAD_USER_INPUT', field })
    }
  })
})

describe('REST API: payment requests made with a key', () => {
  it('makes a request signed by the key’s delegate, which the payee’s wallet authorised; the pay page gets both', async () => {
    const made = await rest(app.url, '/payment-requests', {
      method: 'POST',
      secret,
      body: order({ redirectUrl: 'https://shop.example/orders/1042', metadata: { orderId: '1042' } }),
    })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      status: 'open',
      amount: '19990000',
      amountDecimal: '19.99',
      payee: alice.address,
      memo: 'Order 1042',
      redirectUrl: 'https://shop.example/orders/1042',
      metadata: { orderId: '1042' },
      payUrl: `${app.url}/pay/${made.body!.id}`,
    })
    expect(made.headers.get('location')).toBe(`/api/v1/payment-requests/${made.body!.id}`)
    // Stored as a JSON object; a request without metadata has none (SQL NULL, not the JSON value null).
    const metadataKind = async (id: string) =>
      (
        await app.database.db
          .select({ kind: sql<string | null>`jsonb_typeof(${paymentRequests.metadata})` })
          .from(paymentRequests)
          .where(eq(paymentRequests.id, id))
      )[0]!.kind
    expect(await metadataKind(made.body!.id)).toBe('object')
    const plain = await rest(app.url, '/payment-requests', { method: 'POST', secret, body: order() })
    expect(plain.body).toMatchObject({ metadata: null, redirectUrl: null })
    expect(await metadataKind(plain.body!.id)).toBeNull()

    const page = await graphql<{
      paymentRequest: {
        signature: Hex
        reference: Hex
        dueAt: string
        issuer: {
          keyName: string
          delegate: Address
          delegationSignature: Hex
          delegationExpiresAt: string
          revokedAt: null
        }
      }
    }>(
      app.url,
      'query($id: String!) { paymentRequest(id: $id) { signature reference dueAt issuer { keyName delegate delegationSignature delegationExpiresAt revokedAt } } }',
      { variables: { id: made.body!.id } },
    )
    const { issuer, ...signed } = page.data!.paymentRequest
    expect(issuer.keyName).toBe('Shop server')
    const terms = {
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      amount: 19_990_000n,
      payee: alice.address,
      payer: null,
      memo: 'Order 1042',
      dueAt: new Date(signed.dueAt),
      reference: signed.reference,
    }
    expect(await recoverTypedDataAddress({ ...paymentRequestTypedData(terms), signature: signed.signature })).toBe(
      issuer.delegate,
    )
    const delegation = delegationToSign({
      payee: alice.address,
      delegate: issuer.delegate,
      keyName: issuer.keyName,
      expiresAt: issuer.delegationExpiresAt,
    })
    expect(
      await verifyTypedData({ address: alice.address, ...delegation, signature: issuer.delegationSignature }),
    ).toBe(true)
  })

  it('reads, lists by cursor and status, and cancels only its payee’s requests', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++)
      ids.push(
        (await rest(app.url, '/payment-requests', { method: 'POST', secret, body: order({ memo: `Page ${i}` }) })).body!
          .id,
      )
    const first = await rest(app.url, '/payment-requests?limit=2&status=open', { secret })
    expect(first.body!.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]])
    const second = await rest(app.url, `/payment-requests?limit=2&status=open&after=${first.body!.nextCursor}`, {
      secret,
    })
    expect(second.body!.data[0].id).toBe(ids[0])
    expect((await rest(app.url, `/payment-requests/${ids[0]}`, { secret })).body!.memo).toBe('Page 0')

    const cancelled = await rest(app.url, `/payment-requests/${ids[0]}/cancel`, { method: 'POST', secret })
    expect(cancelled.body!.status).toBe('cancelled')

    const bobCookie = (await signIn(app.url, bob)).cookie
    const bobsKey = (await createApiKey(app.url, bobCookie, bob)).data!.createApiKey.secret
    for (const [method, path] of [
      ['GET', `/payment-requests/${ids[1]}`],
      ['POST', `/payment-requests/${ids[1]}/cancel`],
    ] as const) {
      const other = await rest(app.url, path, { method, secret: bobsKey })
      expect(other.status).toBe(404)
      expect(other.body!.error.code).toBe('NOT_FOUND')
    }
    expect((await rest(app.url, `/payment-requests/${ids[1]}`, { secret })).body!.status).toBe('open')
  })

  it('refuses a key without the scope, and a revoked, unknown or missing key alike; requests made before stay payable', async () => {
    const readOnly = (await createApiKey(app.url, aliceCookie, alice, { scopes: ['requests:read'] })).data!.createApiKey
      .secret
    const refused = await rest(app.url, '/payment-requests', { method: 'POST', secret: readOnly, body: order() })
    expect(refused.status).toBe(403)
    expect(refused.body!.error).toEqual({
      code: 'FORBIDDEN',
      message: 'This API key lacks the requests:write scope. Create a key with it in Billfold.',
    })

    const created = (await createApiKey(app.url, aliceCookie, alice, { name: 'Soon revoked' })).data!.createApiKey
    const before = (await rest(app.url, '/payment-requests', { method: 'POST', secret: created.secret, body: order() }))
      .body!
    await graphql(app.url, 'mutation($id: String!) { revokeApiKey(id: $id) { revokedAt } }', {
      variables: { id: created.apiKey.id },
      cookie: aliceCookie,
    })
    const count = await requestCount()
    const answers = await Promise.all(
      [
        `Bearer ${created.secret}`,
        'Bearer bfk_unknownunknownunknownunknownunknownunknown1',
        'Bearer nonsense',
        'Basic YWxpY2U6eA==',
        undefined,
      ].map((authorization) =>
        rest(app.url, '/payment-requests', {
          method: 'POST',
          body: order(),
          headers: authorization ? { authorization } : {},
        }),
      ),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual(answers[0]!.body)
    }
    expect(answers[0]!.body!.error.code).toBe('UNAUTHENTICATED')
    expect(await requestCount()).toBe(count)
    const stillPayable = await graphql<{ paymentRequest: { status: string; issuer: { revokedAt: string | null } } }>(
      app.url,
      'query($id: String!) { paymentRequest(id: $id) { status issuer { revokedAt } } }',
      {
        variables: { id: before.id },
      },
    )
    expect(stillPayable.data!.paymentRequest.status).toBe('open')
    expect(stillPayable.data!.paymentRequest.issuer.revokedAt).not.toBeNull()
  })

  it('refuses new requests once the delegation has expired', async () => {
    const created = (await createApiKey(app.url, aliceCookie, alice, { name: 'Short-lived' })).data!.createApiKey
    await app.database.db
      .update(apiKeys)
      .set({ delegationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, created.apiKey.id))
    const expired = await rest(app.url, '/payment-requests', { method: 'POST', secret: created.secret, body: order() })
    expect(expired.status).toBe(403)
    expect(expired.body!.error.code).toBe('DELEGATION_EXPIRED')
  })

  it('answers every bad input with a 4xx, its code and the field, and stores nothing', async () => {
    const count = await requestCount()
    const cases: [string, { body?: unknown; headers?: Record<string, string> }, number, string, string | undefined][] =
      [
        [
          'form body',
          { body: 'chainId=31337', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          undefined,
        ],
        ['broken JSON', { body: '{"chainId":' }, 400, 'BAD_USER_INPUT', 'body'],
        ['an array', { body: [order()] }, 400, 'BAD_USER_INPUT', 'body'],
        ['chainId as text', { body: order({ chainId: '31337' }) }, 400, 'BAD_USER_INPUT', 'chainId'],
        ['amount as a number', { body: order({ amount: 19.99 }) }, 400, 'BAD_USER_INPUT', 'amount'],
        ['amount with an exponent', { body: order({ amount: '1e6' }) }, 400, 'BAD_USER_INPUT', 'amount'],
        ['negative amount', { body: order({ amount: '-5' }) }, 400, 'BAD_USER_INPUT', 'amount'],
        [
          'unknown asset',
          { body: order({ asset: '0x0000000000000000000000000000000000000001' }) },
          400,
          'BAD_USER_INPUT',
          'asset',
        ],
        ['due in the past', { body: order({ dueAt: '2001-01-01T00:00:00Z' }) }, 400, 'BAD_USER_INPUT', 'dueAt'],
        ['memo with a bidi override', { body: order({ memo: 'Refund \u202Edda' }) }, 400, 'BAD_USER_INPUT', 'memo'],
        [
          'javascript: redirect',
          { body: order({ redirectUrl: 'javascript:alert(1)' }) },
          400,
          'BAD_USER_INPUT',
          'redirectUrl',
        ],
        [
          'http redirect',
          { body: order({ redirectUrl: 'http://shop.example/done' }) },
          400,
          'BAD_USER_INPUT',
          'redirectUrl',
        ],
        [
          'metadata of 5 KB',
          { body: order({ metadata: { note: 'x'.repeat(5000) } }) },
          400,
          'BAD_USER_INPUT',
          'metadata',
        ],
        ['metadata not an object', { body: order({ metadata: ['1042'] }) }, 400, 'BAD_USER_INPUT', 'metadata'],
        ['an unknown field', { body: order({ payee: bob.address }) }, 400, 'BAD_USER_INPUT', 'payee'],
        ['a body over 16 KB', { body: order({ memo: 'x'.repeat(17_000) }) }, 413, 'PAYLOAD_TOO_LARGE', undefined],
      ]
    for (const [name, { body, headers }, status, code, field] of cases) {
      const answer = await rest(app.url, '/payment-requests', { method: 'POST', secret, body, headers })
      expect([name, answer.status, answer.body?.error?.code, answer.body?.error?.field]).toEqual([
        name,
        status,
        code,
        field,
      ])
      expect(answer.body!.error.message.length, name).toBeGreaterThan(10)
    }
    expect((await rest(app.url, '/payment-requests?limit=1000', { secret })).body!.error).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'limit',
    })
    expect((await rest(app.url, '/payment-requests?after=garbage', { secret })).body!.error).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'after',
    })
    expect((await rest(app.url, '/payment-requests?status=unpaid', { secret })).body!.error).toMatchObject({
      code: 'BAD_USER_INPUT',
    })
    expect((await rest(app.url, '/payment-requests', { method: 'DELETE', secret })).status).toBe(405)
    expect((await rest(app.url, '/nothing-here', { secret })).status).toBe(404)
    expect(await requestCount()).toBe(count)
  })

  it('makes one request for retries with the same Idempotency-Key, and refuses the key with another body', async () => {
    const count = await requestCount()
    const body = order({ memo: 'Idempotent' })
    const headers = { 'idempotency-key': `order-1042-${Date.now()}` }
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => rest(app.url, '/payment-requests', { method: 'POST', secret, body, headers })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201])
    expect(new Set(answers.map((a) => a.body!.id)).size).toBe(1)
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(3)
    expect(await requestCount()).toBe(count + 1)

    const reused = await rest(app.url, '/payment-requests', {
      method: 'POST',
      secret,
      body: order({ memo: 'Something else' }),
      headers,
    })
    expect(reused.status).toBe(409)
    expect(reused.body!.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' })
    expect(await requestCount()).toBe(count + 1)
  })

  it('manages webhook endpoints with the webhooks:manage scope only', async () => {
    const withoutScope = (await createApiKey(app.url, aliceCookie, alice, { scopes: ['requests:write'] })).data!
      .createApiKey.secret
    expect((await rest(app.url, '/webhook-endpoints', { secret: withoutScope })).body!.error.code).toBe('FORBIDDEN')
    const refused = await rest(app.url, '/webhook-endpoints', {
      method: 'POST',
      secret,
      body: { url: 'https://169.254.169.254/hooks', events: ['payment_request.paid'] },
    })
    expect([refused.status, refused.body!.error.code, refused.body!.error.field]).toEqual([
      400,
      'BAD_USER_INPUT',
      'url',
    ])
    const added = await rest(app.url, '/webhook-endpoints', {
      method: 'POST',
      secret,
      body: { url: 'https://93.184.215.14/hooks', events: ['payment_request.paid'] },
    })
    expect(added.status).toBe(201)
    expect(added.body!.secret).toMatch(/^whsec_/)
    const listed = await rest(app.url, '/webhook-endpoints', { secret })
    expect(listed.body!.data.find((e: { id: string }) => e.id === added.body!.id)).toMatchObject({
      url: 'https://93.184.215.14/hooks',
      disabledAt: null,
    })
    expect(JSON.stringify(listed.body)).not.toContain(added.body!.secret)
    const removed = await rest(app.url, `/webhook-endpoints/${added.body!.id}`, { method: 'DELETE', secret })
    expect(removed.body!.disabledAt).not.toBeNull()
  })

  it('describes itself in OpenAPI 3.1', async () => {
    const document = await rest(app.url, '/openapi.json')
    expect(document.body!.openapi).toBe('3.1.0')
    expect(Object.keys(document.body!.paths)).toEqual([
      '/payment-requests',
      '/payment-requests/{id}',
      '/payment-requests/{id}/cancel',
      '/webhook-endpoints',
      '/webhook-endpoints/{id}',
    ])
    expect(document.body!.servers[0].url).toBe(`${app.url}/api/v1`)
  })

  it('answers requests, open and cancelled, exactly as its OpenAPI document describes them (checked by Ajv)', async () => {
    const document = (await rest(app.url, '/openapi.json')).body!
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    // Every field present, none undocumented: a field added to the shape must be added to the document.
    const validate = ajv.compile({ ...document.components.schemas.PaymentRequest, additionalProperties: false })
    const made = await rest(app.url, '/payment-requests', {
      method: 'POST',
      secret,
      body: order({ payer: bob.address, metadata: { orderId: '7' }, redirectUrl: 'https://shop.example/7' }),
    })
    const cancelled = await rest(app.url, `/payment-requests/${made.body!.id}/cancel`, { method: 'POST', secret })
    const open = await rest(app.url, '/payment-requests', { method: 'POST', secret, body: order() })
    for (const request of [made.body, cancelled.body, open.body]) {
      expect(validate(request), JSON.stringify(validate.errors)).toBe(true)
    }
    expect(document.components.schemas.PaymentRequest.required).toEqual(Object.keys(open.body!))
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

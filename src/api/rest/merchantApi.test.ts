import { eq, sql } from 'drizzle-orm'
import { recoverTypedDataAddress, verifyTypedData, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { apiKeys, paymentRequests } from '../../db/schema.ts'
import { delegationToSign } from '../../domain/delegation.ts'
import { paymentRequestTypedData } from '../../domain/paymentRequest.ts'
import { alice, bob, graphql, signIn } from '../testing/graphqlClient.ts'
import { createApiKey, rest } from '../testing/merchantClient.ts'

import { useMerchantApp } from '../testing/merchantApp.ts'

const { env, order, requestCount } = useMerchantApp()

describe('REST API: payment requests made with a key', () => {
  it('makes a request signed by the key’s delegate, which the payee’s wallet authorised; the pay page gets both', async () => {
    const made = await rest(env.app.url, '/payment-requests', {
      method: 'POST',
      secret: env.secret,
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
      payUrl: `${env.app.url}/pay/${made.body!.id}`,
    })
    expect(made.headers.get('location')).toBe(`/api/v1/payment-requests/${made.body!.id}`)
    // Stored as a JSON object; a request without metadata has none (SQL NULL, not the JSON value null).
    const metadataKind = async (id: string) =>
      (
        await env.app.database.db
          .select({ kind: sql<string | null>`jsonb_typeof(${paymentRequests.metadata})` })
          .from(paymentRequests)
          .where(eq(paymentRequests.id, id))
      )[0]!.kind
    expect(await metadataKind(made.body!.id)).toBe('object')
    const plain = await rest(env.app.url, '/payment-requests', { method: 'POST', secret: env.secret, body: order() })
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
      env.app.url,
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

  it('reads, lists by cursor, status and memo search, and cancels only its payee’s requests', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await rest(env.app.url, '/payment-requests', {
            method: 'POST',
            secret: env.secret,
            body: order({ memo: `Page ${i}` }),
          })
        ).body!.id,
      )
    const first = await rest(env.app.url, '/payment-requests?limit=2&status=open', { secret: env.secret })
    expect(first.body!.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]])
    const second = await rest(env.app.url, `/payment-requests?limit=2&status=open&after=${first.body!.nextCursor}`, {
      secret: env.secret,
    })
    expect(second.body!.data[0].id).toBe(ids[0])
    const searched = await rest(env.app.url, `/payment-requests?search=${encodeURIComponent('PAGE 1')}`, {
      secret: env.secret,
    })
    expect(searched.body!.data.map((r: { id: string }) => r.id)).toEqual([ids[1]])
    expect((await rest(env.app.url, `/payment-requests/${ids[0]}`, { secret: env.secret })).body!.memo).toBe('Page 0')

    const cancelled = await rest(env.app.url, `/payment-requests/${ids[0]}/cancel`, {
      method: 'POST',
      secret: env.secret,
    })
    expect(cancelled.body!.status).toBe('cancelled')

    const bobCookie = (await signIn(env.app.url, bob)).cookie
    const bobsKey = (await createApiKey(env.app.url, bobCookie, bob)).data!.createApiKey.secret
    for (const [method, path] of [
      ['GET', `/payment-requests/${ids[1]}`],
      ['POST', `/payment-requests/${ids[1]}/cancel`],
    ] as const) {
      const other = await rest(env.app.url, path, { method, secret: bobsKey })
      expect(other.status).toBe(404)
      expect(other.body!.error.code).toBe('NOT_FOUND')
    }
    expect((await rest(env.app.url, `/payment-requests/${ids[1]}`, { secret: env.secret })).body!.status).toBe('open')
  })

  it('refuses a key without the scope, and a revoked, unknown or missing key alike; requests made before stay payable', async () => {
    const readOnly = (await createApiKey(env.app.url, env.aliceCookie, alice, { scopes: ['requests:read'] })).data!
      .createApiKey.secret
    const refused = await rest(env.app.url, '/payment-requests', { method: 'POST', secret: readOnly, body: order() })
    expect(refused.status).toBe(403)
    expect(refused.body!.error).toEqual({
      code: 'FORBIDDEN',
      message: 'This API key lacks the requests:write scope. Create a key with it in Billfold.',
    })
    // Its permission is checked before its query: a key that may not list learns nothing of the filter.
    const hooksOnly = (await createApiKey(env.app.url, env.aliceCookie, alice, { scopes: ['webhooks:manage'] })).data!
      .createApiKey.secret
    const unlisted = await rest(env.app.url, '/payment-requests?status=lost', { secret: hooksOnly })
    expect(unlisted.status).toBe(403)
    expect(unlisted.body!.error.message).toBe(
      'This API key lacks the requests:read scope. Create a key with it in Billfold.',
    )
    const badFilter = await rest(env.app.url, '/payment-requests?status=lost', { secret: readOnly })
    expect(badFilter.body!.error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'statuses' })

    const created = (await createApiKey(env.app.url, env.aliceCookie, alice, { name: 'Soon revoked' })).data!
      .createApiKey
    const before = (
      await rest(env.app.url, '/payment-requests', { method: 'POST', secret: created.secret, body: order() })
    ).body!
    await graphql(env.app.url, 'mutation($id: String!) { revokeApiKey(id: $id) { revokedAt } }', {
      variables: { id: created.apiKey.id },
      cookie: env.aliceCookie,
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
        rest(env.app.url, '/payment-requests', {
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
      env.app.url,
      'query($id: String!) { paymentRequest(id: $id) { status issuer { revokedAt } } }',
      {
        variables: { id: before.id },
      },
    )
    expect(stillPayable.data!.paymentRequest.status).toBe('open')
    expect(stillPayable.data!.paymentRequest.issuer.revokedAt).not.toBeNull()
  })

  it('refuses new requests once the delegation has expired', async () => {
    const created = (await createApiKey(env.app.url, env.aliceCookie, alice, { name: 'Short-lived' })).data!
      .createApiKey
    await env.app.database.db
      .update(apiKeys)
      .set({ delegationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, created.apiKey.id))
    const expired = await rest(env.app.url, '/payment-requests', {
      method: 'POST',
      secret: created.secret,
      body: order(),
    })
    expect(expired.status).toBe(403)
    expect(expired.body!.error.code).toBe('DELEGATION_EXPIRED')
  })
})

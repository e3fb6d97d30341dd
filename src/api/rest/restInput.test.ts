import { describe, expect, it } from 'vitest'
import { alice, bob, graphql, signIn } from '../testing/graphqlClient.ts'
import { auditEntries } from '../testing/businessClient.ts'
import { createApiKey, rest } from '../testing/merchantClient.ts'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

import { useMerchantApp } from '../testing/merchantApp.ts'

const { env, order, requestCount } = useMerchantApp()

describe('REST API: bad input, retries, webhook endpoints and its own description', () => {
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
      const answer = await rest(env.app.url, '/payment-requests', { method: 'POST', secret: env.secret, body, headers })
      expect([name, answer.status, answer.body?.error?.code, answer.body?.error?.field]).toEqual([
        name,
        status,
        code,
        field,
      ])
      expect(answer.body!.error.message.length, name).toBeGreaterThan(10)
    }
    expect((await rest(env.app.url, '/payment-requests?limit=1000', { secret: env.secret })).body!.error).toMatchObject(
      {
        code: 'BAD_USER_INPUT',
        field: 'limit',
      },
    )
    expect(
      (await rest(env.app.url, '/payment-requests?after=garbage', { secret: env.secret })).body!.error,
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'after',
    })
    expect(
      (await rest(env.app.url, '/payment-requests?status=unpaid', { secret: env.secret })).body!.error,
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
    })
    expect(
      (await rest(env.app.url, `/payment-requests?search=${'x'.repeat(101)}`, { secret: env.secret })).body!.error,
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'search' })
    expect((await rest(env.app.url, '/payment-requests', { method: 'DELETE', secret: env.secret })).status).toBe(405)
    expect((await rest(env.app.url, '/nothing-here', { secret: env.secret })).status).toBe(404)
    expect(await requestCount()).toBe(count)
  })

  it('makes one request for retries with the same Idempotency-Key, logged once, and refuses the key with another body', async () => {
    const count = await requestCount()
    const body = order({ memo: 'Idempotent', metadata: { orderId: 'order-1042', items: [1, 2] } })
    const headers = { 'idempotency-key': `order-1042-${Date.now()}` }
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() =>
        rest(env.app.url, '/payment-requests', { method: 'POST', secret: env.secret, body, headers }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201])
    // Made or replayed, the answer is the same request, field for field (metadata, dates, block).
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body)
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(3)
    expect(await requestCount()).toBe(count + 1)

    const reused = await rest(env.app.url, '/payment-requests', {
      method: 'POST',
      secret: env.secret,
      body: order({ memo: 'Something else' }),
      headers,
    })
    expect(reused.status).toBe(409)
    expect(reused.body!.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' })
    expect(await requestCount()).toBe(count + 1)
    // A replay changed nothing: the audit log has the request made once, and no entry naming nothing.
    const made = (await auditEntries(env.app.url, env.aliceCookie)).filter((e) => e.action === 'createPaymentRequest')
    expect(made.filter((e) => e.objectId === answers[0]!.body!.id || e.objectId === null)).toHaveLength(1)
  })

  it('keeps an Idempotency-Key per payee: the same order sent through a second key of the payee makes no second request', async () => {
    const count = await requestCount()
    const secondKey = (await createApiKey(env.app.url, env.aliceCookie, alice, { name: 'Second shop server' })).data!
      .createApiKey.secret
    const body = order({ memo: 'Order 7731' })
    const headers = { 'idempotency-key': `order-7731-${Date.now()}` }
    const first = await rest(env.app.url, '/payment-requests', { method: 'POST', secret: env.secret, body, headers })
    const again = await rest(env.app.url, '/payment-requests', { method: 'POST', secret: secondKey, body, headers })
    expect([first.status, again.status]).toEqual([201, 200])
    expect(again.body!.id).toBe(first.body!.id)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await requestCount()).toBe(count + 1)
    // Another payee's key with the same Idempotency-Key is another payee's order.
    const bobKey = (await createApiKey(env.app.url, (await signIn(env.app.url, bob)).cookie, bob)).data!.createApiKey
      .secret
    const bobs = await rest(env.app.url, '/payment-requests', { method: 'POST', secret: bobKey, body, headers })
    expect(bobs.status).toBe(201)
    expect(bobs.body!.id).not.toBe(first.body!.id)
  })

  it('manages webhook endpoints with the webhooks:manage scope only', async () => {
    const withoutScope = (await createApiKey(env.app.url, env.aliceCookie, alice, { scopes: ['requests:write'] })).data!
      .createApiKey.secret
    expect((await rest(env.app.url, '/webhook-endpoints', { secret: withoutScope })).body!.error.code).toBe('FORBIDDEN')
    const refused = await rest(env.app.url, '/webhook-endpoints', {
      method: 'POST',
      secret: env.secret,
      body: { url: 'https://169.254.169.254/hooks', events: ['payment_request.paid'] },
    })
    expect([refused.status, refused.body!.error.code, refused.body!.error.field]).toEqual([
      400,
      'BAD_USER_INPUT',
      'url',
    ])
    const added = await rest(env.app.url, '/webhook-endpoints', {
      method: 'POST',
      secret: env.secret,
      body: { url: 'https://93.184.215.14/hooks', events: ['payment_request.paid'] },
    })
    expect(added.status).toBe(201)
    expect(added.body!.secret).toMatch(/^whsec_/)
    const listed = await rest(env.app.url, '/webhook-endpoints', { secret: env.secret })
    expect(listed.body!.data.find((e: { id: string }) => e.id === added.body!.id)).toMatchObject({
      url: 'https://93.184.215.14/hooks',
      disabledAt: null,
    })
    expect(JSON.stringify(listed.body)).not.toContain(added.body!.secret)
    const removed = await rest(env.app.url, `/webhook-endpoints/${added.body!.id}`, {
      method: 'DELETE',
      secret: env.secret,
    })
    expect(removed.body!.disabledAt).not.toBeNull()
    // Audited as the same changes made in the app, under the endpoint's id.
    const log = await graphql<{ auditLog: { action: string; objectId: string | null; actor: string }[] }>(
      env.app.url,
      '{ auditLog(first: 200) { action objectId actor } }',
      { cookie: env.aliceCookie },
    )
    const ofEndpoint = log.data!.auditLog.filter((e) => e.objectId === added.body!.id)
    expect(ofEndpoint.map((e) => e.action)).toEqual(['disableWebhookEndpoint', 'createWebhookEndpoint'])
  })

  it('describes itself in OpenAPI 3.1', async () => {
    const document = await rest(env.app.url, '/openapi.json')
    expect(document.body!.openapi).toBe('3.1.0')
    expect(Object.keys(document.body!.paths)).toEqual([
      '/payment-requests',
      '/payment-requests/{id}',
      '/payment-requests/{id}/cancel',
      '/webhook-endpoints',
      '/webhook-endpoints/{id}',
      '/invoices',
      '/credit-notes',
      '/credit-notes/{id}',
      '/invoices/{id}/credit-notes',
      '/invoices/{id}/cancel',
      '/payment-requests/{id}/refunds',
      '/schedules',
      '/schedules/{id}',
      '/schedules/{id}/pause',
      '/schedules/{id}/resume',
      '/schedules/{id}/stop',
      '/plans',
      '/plans/{id}',
      '/subscriptions',
      '/subscriptions.csv',
      '/subscriptions/{id}',
      '/subscriptions/{id}/cancel',
      '/subscriptions/{id}/pause',
      '/subscriptions/{id}/resume',
      '/tills',
      '/tills/{id}/sales',
      '/tills/{id}/report',
      '/payer-lists',
    ])
    expect(document.body!.servers[0].url).toBe(`${env.app.url}/api/v1`)
  })

  it('answers requests, open and cancelled, exactly as its OpenAPI document describes them (checked by Ajv)', async () => {
    const document = (await rest(env.app.url, '/openapi.json')).body!
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    // Every field present, none undocumented: a field added to the shape must be added to the document.
    const validate = ajv.compile({ ...document.components.schemas.PaymentRequest, additionalProperties: false })
    const made = await rest(env.app.url, '/payment-requests', {
      method: 'POST',
      secret: env.secret,
      body: order({ payer: bob.address, metadata: { orderId: '7' }, redirectUrl: 'https://shop.example/7' }),
    })
    const cancelled = await rest(env.app.url, `/payment-requests/${made.body!.id}/cancel`, {
      method: 'POST',
      secret: env.secret,
    })
    const open = await rest(env.app.url, '/payment-requests', { method: 'POST', secret: env.secret, body: order() })
    for (const request of [made.body, cancelled.body, open.body]) {
      expect(validate(request), JSON.stringify(validate.errors)).toBe(true)
    }
    expect(document.components.schemas.PaymentRequest.required).toEqual(Object.keys(open.body!))
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { resultRows } from '../../../db/rawStatements.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { alice, bob, codes, graphql, signIn } from '../../testing/graphqlClient.ts'
import { signedRequestInput } from '../../testing/paymentRequestInput.ts'

let app: TestApp
let aliceCookie: string
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0 })
  aliceCookie = (await signIn(app.url, alice)).cookie
})
afterAll(async () => app?.close())

const CREATE = `mutation Create($input: CreatePaymentRequestInput!) {
  createPaymentRequest(input: $input) { id chainId asset symbol decimals amount amountDecimal payee payer memo dueAt reference status received }
}`
const GET =
  'query Get($id: String!) { paymentRequest(id: $id) { id amount amountDecimal memo status payee signature payments { txHash } } }'

const signedInput = (overrides: Record<string, unknown> = {}, options: Parameters<typeof signedRequestInput>[2] = {}) =>
  signedRequestInput(alice, overrides, options)

async function requestCount() {
  const result = await app.database.db.execute(sql`select count(*)::int as n from payment_requests`)
  return resultRows<{ n: number }>(result)[0]!.n
}

describe('createPaymentRequest', () => {
  it('stores a signed request for the signed-in payee, and anyone can read it by id', async () => {
    const input = await signedInput()
    const created = await graphql<{ createPaymentRequest: Record<string, unknown> }>(app.url, CREATE, {
      variables: { input },
      cookie: aliceCookie,
    })
    expect(created.errors).toBeUndefined()
    const request = created.data!.createPaymentRequest
    expect(request).toMatchObject({
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      symbol: 'USDC',
      decimals: 6,
      amount: '12500000',
      amountDecimal: '12.5',
      payee: alice.address,
      payer: null,
      memo: 'Invoice 42',
      reference: input.reference,
      status: 'open',
      received: '0',
    })
    expect(request.id).toMatch(/^[A-Za-z0-9]{16}$/)
    const read = await graphql<{ paymentRequest: Record<string, unknown> }>(app.url, GET, {
      variables: { id: request.id },
    })
    expect(read.data!.paymentRequest).toMatchObject({
      id: request.id,
      amount: '12500000',
      signature: input.signature,
      status: 'open',
      payments: [],
    })
  })

  it('needs a signed-in payee', async () => {
    const response = await graphql(app.url, CREATE, { variables: { input: await signedInput() } })
    expect(codes(response)).toEqual(['UNAUTHENTICATED'])
  })

  it.each([
    ['1e6', 'Amount must be written out in full, without an exponent (1000000, not 1e6).'],
    ['-1', 'Amount must be more than zero.'],
    ['0', 'Amount must be more than zero.'],
    ['0.0000001', 'Amount can have at most 6 decimal places for this asset.'],
    ['1,000', 'Amount must be digits with an optional decimal point and no other separator, such as 1000.50.'],
    ['9'.repeat(80), 'Amount is too large.'],
  ])('refuses the amount %j with BAD_USER_INPUT on the amount field, storing nothing', async (amount, message) => {
    const before = await requestCount()
    const input = { ...(await signedInput()), amount }
    const response = await graphql(app.url, CREATE, { variables: { input }, cookie: aliceCookie })
    expect(response.errors![0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field: 'amount' } })
    expect(await requestCount()).toBe(before)
  })

  it('refuses a past due date and a 281-character memo, naming both fields', async () => {
    const input = { ...(await signedInput()), dueAt: '2020-01-01T00:00:00Z', memo: 'm'.repeat(281) }
    const response = await graphql(app.url, CREATE, { variables: { input }, cookie: aliceCookie })
    expect(response.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { memo: 'Memo can be at most 280 characters; it has 281.', dueAt: 'Due date must be in the future.' },
    })
  })

  it('keeps a memo with HTML exactly as text', async () => {
    const input = await signedInput({ memo: '<img src=x onerror=alert(1)>' })
    const response = await graphql<{ createPaymentRequest: { memo: string } }>(app.url, CREATE, {
      variables: { input },
      cookie: aliceCookie,
    })
    expect(response.data!.createPaymentRequest.memo).toBe('<img src=x onerror=alert(1)>')
  })

  it('refuses a signature over other terms than the ones sent, or by someone else', async () => {
    const otherAmount = await signedInput({}, { signedOverrides: { amount: '1' } })
    const response = await graphql(app.url, CREATE, { variables: { input: otherAmount }, cookie: aliceCookie })
    expect(response.errors![0]).toMatchObject({ extensions: { code: 'SIGNATURE_MISMATCH', field: 'signature' } })
    expect(response.errors![0]!.message).toBe(
      `The signature is not ${alice.address}'s signature of these terms. Sign the request again.`,
    )
    const byBob = await signedInput({}, { signer: bob })
    expect(codes(await graphql(app.url, CREATE, { variables: { input: byBob }, cookie: aliceCookie }))).toEqual([
      'SIGNATURE_MISMATCH',
    ])
  })

  it('refuses a reference that is not random, before anything is stored', async () => {
    const forged = await signedInput({ reference: '0x000000000000000000000000001e8480' })
    const before = await requestCount()
    const response = await graphql(app.url, CREATE, { variables: { input: forged }, cookie: aliceCookie })
    expect(codes(response)).toEqual(['BAD_USER_INPUT'])
    expect(response.errors![0]!.extensions!.field).toBe('reference')
    expect(await requestCount()).toBe(before)
  })

  it('refuses a reused reference', async () => {
    const input = await signedInput()
    await graphql(app.url, CREATE, { variables: { input }, cookie: aliceCookie })
    expect(codes(await graphql(app.url, CREATE, { variables: { input }, cookie: aliceCookie }))).toEqual([
      'DUPLICATE_REFERENCE',
    ])
  })

  it('answers an id that does not exist with NOT_FOUND', async () => {
    for (const id of ['doesNotExist1234', '../../etc/passwd', 'x'.repeat(500)]) {
      const response = await graphql(app.url, GET, { variables: { id } })
      expect(response.errors![0]).toMatchObject({
        message: 'There is no payment request with this id. Check the link.',
        extensions: { code: 'NOT_FOUND' },
      })
    }
  })

  it("lists the payee's own requests only", async () => {
    const bobCookie = (await signIn(app.url, bob)).cookie
    type Page = { myPaymentRequests: { items: { payee: string }[] } }
    const mine = await graphql<Page>(app.url, '{ myPaymentRequests(first: 100) { items { payee } } }', {
      cookie: aliceCookie,
    })
    expect(mine.data!.myPaymentRequests.items.length).toBeGreaterThan(0)
    expect(new Set(mine.data!.myPaymentRequests.items.map((r) => r.payee))).toEqual(new Set([alice.address]))
    expect(
      (await graphql<Page>(app.url, '{ myPaymentRequests { items { payee } } }', { cookie: bobCookie })).data!
        .myPaymentRequests.items,
    ).toEqual([])
  })
})

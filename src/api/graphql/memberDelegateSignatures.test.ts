import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { authoriseMemberDelegate, joinAs } from '../testing/businessClient.ts'
import { codes, graphql, signIn } from '../testing/graphqlClient.ts'
import { invoiceInput, sellerInput, setSellerDetails } from '../testing/invoiceClient.ts'
import { createApiKey, inAWeek, rest } from '../testing/merchantClient.ts'
import { payPageCheck } from '../testing/payPageCheck.ts'
import { chargeSale } from '../testing/tillClient.ts'

/** A business: its owner's wallet and session, a member in each role that matters here, the members' delegate authorised. */
async function business(url: string) {
  const ownerWallet = privateKeyToAccount(generatePrivateKey())
  const owner = (await signIn(url, ownerWallet)).cookie
  const wallet = () => privateKeyToAccount(generatePrivateKey())
  const adminWallet = wallet()
  const members = {
    admin: await joinAs(url, owner, 'admin', adminWallet),
    developer: await joinAs(url, owner, 'developer', wallet()),
    cashier: await joinAs(url, owner, 'cashier', wallet()),
    accountant: await joinAs(url, owner, 'accountant', wallet()),
  }
  const delegate = (await authoriseMemberDelegate(url, owner, ownerWallet)).data!.authoriseMemberDelegate.delegate
  return { ownerWallet, owner, adminWallet, delegate, ...members }
}

const revokeMemberDelegate = (url: string, owner: string) =>
  graphql(url, 'mutation { revokeMemberDelegate { revokedAt } }', { cookie: owner })

const TILL = { name: 'Counter', chainId: 31337, asset: DEV_USDC_ADDRESS, currency: null, tips: ['10'] }
const CREATE_INVOICE =
  'mutation($input: CreateInvoiceInput!) { createInvoice(input: $input) { number request { id } } }'
const CREATE_PRICED =
  'mutation($input: CreatePricedPaymentRequestInput!) { createPricedPaymentRequest(input: $input) { id } }'
const CREATE_KEY =
  'mutation($name: String!, $scopes: [String!]!) { createApiKey(name: $name, scopes: $scopes) { secret apiKey { authorisedAt } } }'
const CREATE_MEMBER_TILL = 'mutation($input: TillInput!) { createMemberTill(input: $input) { id name } }'

describe('what a member makes is signed through the members’ delegate', { timeout: 90_000 }, () => {
  let app: TestApp
  let anvilUrl: string
  beforeAll(async () => {
    anvilUrl = inject('anvilUrl')
    app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0, watch: false })
  }, 60_000)
  afterAll(() => app.close())

  it('lets an admin set up a till whose sales the pay page verifies as the payee’s; a cashier and an accountant may not; a revocation stops it', async () => {
    const b = await business(app.url)
    const made = await graphql<{ createMemberTill: { id: string } }>(app.url, CREATE_MEMBER_TILL, {
      cookie: b.admin,
      variables: { input: TILL },
    })
    const tillId = made.data!.createMemberTill.id

    const sold = await chargeSale(app.url, b.cashier, tillId, { amount: '4.20' })
    const { request, verified } = await payPageCheck(app.url, anvilUrl, sold.data!.chargeSale.request.id)
    expect(verified).toBe(true)
    expect(request).toMatchObject({ payee: b.ownerWallet.address, issuer: { keyName: 'Team', delegate: b.delegate } })

    for (const cookie of [b.cashier, b.accountant]) {
      const refused = await graphql(app.url, CREATE_MEMBER_TILL, { cookie, variables: { input: TILL } })
      expect(codes(refused)).toEqual(['FORBIDDEN'])
    }

    await revokeMemberDelegate(app.url, b.owner)
    const afterRevocation = await graphql(app.url, CREATE_MEMBER_TILL, { cookie: b.admin, variables: { input: TILL } })
    expect(codes(afterRevocation)).toEqual(['DELEGATION_MISSING'])
    expect(codes(await chargeSale(app.url, b.cashier, tillId, { amount: '1.00' }))).toEqual(['NOT_FOUND'])
    // What it signed stays the payee's.
    expect((await payPageCheck(app.url, anvilUrl, request.id)).verified).toBe(true)
  })

  it('sets a till up over REST with a tills:manage key, its sales signed as the key’s requests are', async () => {
    const b = await business(app.url)
    const secret = (
      await createApiKey(app.url, b.owner, b.ownerWallet, { scopes: ['tills:manage', 'sales:write', 'sales:read'] })
    ).data!.createApiKey.secret
    const made = await rest(app.url, '/tills', { method: 'POST', secret, body: { ...TILL, name: 'Web shop' } })
    expect(made.status).toBe(201)
    const tillId = (made.body as { id: string }).id
    const sold = await rest(app.url, `/tills/${tillId}/sales`, { method: 'POST', secret, body: { amount: '2.50' } })
    expect(sold.status).toBe(201)
    const requestId = (sold.body as { request: { id: string } }).request.id
    const { request, verified } = await payPageCheck(app.url, anvilUrl, requestId)
    expect(verified).toBe(true)
    expect(request.issuer?.keyName).toBe('Shop server')

    const salesOnly = (await createApiKey(app.url, b.owner, b.ownerWallet, { scopes: ['sales:write'] })).data!
      .createApiKey.secret
    const refused = await rest(app.url, '/tills', { method: 'POST', secret: salesOnly, body: TILL })
    expect(refused.status).toBe(403)
  })
  it('lets an admin issue an invoice the pay page verifies with its document; a cashier and an accountant may not; a revocation stops it', async () => {
    const b = await business(app.url)
    await setSellerDetails(app.url, b.owner, sellerInput())
    const input = invoiceInput({ currency: undefined, acceptedAssets: undefined, asset: DEV_USDC_ADDRESS })
    const issue = (cookie: string) =>
      graphql<{ createInvoice: { number: string; request: { id: string } } }>(app.url, CREATE_INVOICE, {
        cookie,
        variables: { input },
      })
    const made = await issue(b.admin)
    expect(made.data?.createInvoice.number).toBe('2026-0001')
    const { request, verified } = await payPageCheck(app.url, anvilUrl, made.data!.createInvoice.request.id)
    expect(verified).toBe(true)
    expect(request).toMatchObject({ payee: b.ownerWallet.address, issuer: { keyName: 'Team', delegate: b.delegate } })
    expect(request.invoice?.document).toContain('Ada Lovelace Consulting')

    expect(codes(await issue(b.cashier))).toEqual(['FORBIDDEN'])
    expect(codes(await issue(b.accountant))).toEqual(['FORBIDDEN'])
    await revokeMemberDelegate(app.url, b.owner)
    expect(codes(await issue(b.admin))).toEqual(['DELEGATION_MISSING'])
  })

  it('lets an admin make a priced request the pay page verifies; a cashier and an accountant may not; a revocation stops it', async () => {
    const b = await business(app.url)
    const input = {
      chainId: 31337,
      currency: 'EUR',
      price: '15.00',
      acceptedAssets: [DEV_USDC_ADDRESS],
      memo: 'Priced by the admin',
      dueAt: inAWeek(),
    }
    const make = (cookie: string) =>
      graphql<{ createPricedPaymentRequest: { id: string } }>(app.url, CREATE_PRICED, { cookie, variables: { input } })
    const made = await make(b.admin)
    const { request, verified } = await payPageCheck(app.url, anvilUrl, made.data!.createPricedPaymentRequest.id)
    expect(verified).toBe(true)
    expect(request).toMatchObject({ price: { currency: 'EUR', amount: '1500' }, issuer: { keyName: 'Team' } })

    expect(codes(await make(b.cashier))).toEqual(['FORBIDDEN'])
    expect(codes(await make(b.accountant))).toEqual(['FORBIDDEN'])
    await revokeMemberDelegate(app.url, b.owner)
    expect(codes(await make(b.admin))).toEqual(['DELEGATION_MISSING'])
  })

  it('lets an admin and a developer make API keys without the owner’s wallet, whose requests the pay page verifies; a revocation stops their signing', async () => {
    const b = await business(app.url)
    const makeKey = (cookie: string, scopes = ['requests:read', 'requests:write']) =>
      graphql<{ createApiKey: { secret: string; apiKey: { authorisedAt: string | null } } }>(app.url, CREATE_KEY, {
        cookie,
        variables: { name: 'Shop server', scopes },
      })
    // A developer's role holds webhooks and x402, not making requests: so do their keys.
    const developers = await makeKey(b.developer, ['webhooks:manage', 'x402:settle'])
    expect(developers.data?.createApiKey.apiKey.authorisedAt).toBeTruthy()
    expect(codes(await makeKey(b.developer))).toEqual(['FORBIDDEN'])
    const made = await makeKey(b.admin)
    expect(made.data?.createApiKey.apiKey.authorisedAt).toBeTruthy()
    const secret = made.data!.createApiKey.secret
    const body = { chainId: 31337, asset: DEV_USDC_ADDRESS, amount: '3.5', memo: 'Order 7', dueAt: inAWeek() }
    const created = await rest(app.url, '/payment-requests', { method: 'POST', secret, body })
    expect(created.status).toBe(201)
    const { request, verified } = await payPageCheck(app.url, anvilUrl, created.body!.id as string)
    expect(verified).toBe(true)
    expect(request).toMatchObject({ payee: b.ownerWallet.address, issuer: { keyName: 'Team', delegate: b.delegate } })

    expect(codes(await makeKey(b.cashier))).toEqual(['FORBIDDEN'])
    expect(codes(await makeKey(b.accountant))).toEqual(['FORBIDDEN'])
    await revokeMemberDelegate(app.url, b.owner)
    const refused = await rest(app.url, '/payment-requests', { method: 'POST', secret, body })
    expect(refused.status).toBe(403)
    expect(refused.body!.error.code).toBe('DELEGATION_MISSING')
  })
})

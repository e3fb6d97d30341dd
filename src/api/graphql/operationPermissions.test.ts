import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { and, eq } from 'drizzle-orm'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { auditLog, businessMembers, paymentRequests } from '../../db/schema.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { API_KEY_SCOPES } from '../../domain/delegation.ts'
import { can, MEMBER_ROLES, ROLES, SCOPE_PERMISSIONS, scopeAllowed, type Role } from '../../domain/permissions.ts'
import { createRestApi } from '../rest/restApi.ts'
import type { RestApiOptions } from '../rest/restApiOptions.ts'
import { routePermission } from '../rest/restRequest.ts'
import { operationRule } from './authorizeOperations.ts'
import { OPERATION_PERMISSIONS } from './operationPermissions.ts'
import { alice, graphql, signIn } from '../testing/graphqlClient.ts'
import { createApiKey, rest } from '../testing/merchantClient.ts'
import { operationOf } from '../testing/operationSamples.ts'
import { schema } from './schema/index.ts'

const roots = [
  ['query', schema.getQueryType()!],
  ['mutation', schema.getMutationType()!],
  ['subscription', schema.getSubscriptionType()!],
] as const
// Operations that end or move the session go last, so each role's walk keeps its session to the end.
const LAST = ['actForBusiness', 'signOutEverywhere', 'signOut']
const operations = roots
  .flatMap(([kind, type]) => Object.values(type.getFields()).map((field) => ({ kind, type: type.name, field })))
  .sort((a, b) => LAST.indexOf(a.field.name) - LAST.indexOf(b.field.name))

const deniedBy = (errors: { message: string; extensions?: { code?: string } }[] | undefined) =>
  (errors ?? []).some((e) => e.extensions?.code === 'FORBIDDEN' && /may not do this \(it needs /.test(e.message))

describe('the role table', () => {
  it('gives every operation of the schema a rule, and no rule to an operation the schema lacks', () => {
    const names = operations.map((o) => `${o.type}.${o.field.name}`)
    expect(operations.filter((o) => operationRule(o.type, o.field) === undefined)).toEqual([])
    expect(Object.keys(OPERATION_PERMISSIONS).filter((n) => !names.includes(n))).toEqual([])
  })

  it('holds the outcomes the business needs', () => {
    for (const p of ['refunds:send', 'apiKeys:manage', 'payout:change', 'requests:create'] as const)
      expect(can('cashier', p)).toBe(false)
    expect(can('cashier', 'sales:sell') && can('cashier', 'sales:readToday')).toBe(true)
    for (const p of ['requests:read', 'invoices:read', 'books:read', 'links:read', 'schedules:read'] as const)
      expect(can('accountant', p)).toBe(true)
    for (const p of ['requests:create', 'requests:cancel', 'refunds:send', 'relayer:manage', 'sales:sell'] as const)
      expect(can('accountant', p)).toBe(false)
    expect(ROLES.filter((r) => can(r, 'members:manage'))).toEqual(['owner'])
    expect(ROLES.filter((r) => can(r, 'payout:change'))).toEqual(['owner'])
    expect(ROLES.filter((r) => can(r, 'apiKeys:manage'))).toEqual(['owner', 'admin', 'developer'])
  })
})

describe('every role through every GraphQL operation', () => {
  let app: TestApp
  const cookies = new Map<Role, string>()
  beforeAll(async () => {
    app = await startTestApp({ anvilUrl: inject('anvilUrl'), watch: false, rateLimitPerMinute: 0 })
    cookies.set('owner', (await signIn(app.url, alice)).cookie)
    for (const role of MEMBER_ROLES) {
      const member = privateKeyToAccount(generatePrivateKey())
      await app.database.db
        .insert(businessMembers)
        .values({ business: alice.address, member: member.address, role, addedBy: alice.address })
      const { cookie } = await signIn(app.url, member)
      const acting = await graphql<{ actForBusiness: { role: string } }>(
        app.url,
        'mutation($b: String) { actForBusiness(business: $b) { role } }',
        { cookie, variables: { b: alice.address } },
      )
      expect(acting.data?.actForBusiness.role).toBe(role)
      cookies.set(role, cookie)
    }
  }, 60_000)
  afterAll(async () => app?.close())

  it.each(ROLES)(
    'lets %s make a key for a REST route only when its role holds the route’s scope',
    async (role) => {
      const routes = createRestApi({ db: app.database.db } as RestApiOptions).routes
      expect(routes.length).toBeGreaterThan(10)
      const outcomes: string[] = []
      const expected: string[] = []
      for (const route of routes) {
        const [method, pattern] = route
        // The narrowest scope that stands for what the route's use case needs.
        const scope = API_KEY_SCOPES.find((s) => SCOPE_PERMISSIONS[s].includes(routePermission(route)))!
        const response = await graphql(
          app.url,
          'mutation($s: [String!]!) { createApiKey(name: "Till server", scopes: $s) { secret } }',
          { cookie: cookies.get(role)!, variables: { s: [scope] } },
        )
        outcomes.push(
          `${method} ${pattern.source}: ${response.data ? 'allowed' : (response.errors?.[0]?.extensions?.code ?? '')}`,
        )
        expected.push(
          `${method} ${pattern.source}: ${can(role, 'apiKeys:manage') && scopeAllowed(role, scope) ? 'allowed' : 'FORBIDDEN'}`,
        )
      }
      expect(outcomes).toEqual(expected)
    },
    120_000,
  )

  it.each(ROLES)('refuses %s a subscription its role may not follow', async (role) => {
    for (const { kind, type, field } of operations) {
      const rule = operationRule(type, field)!
      if (kind !== 'subscription' || rule === 'public' || rule === 'member' || can(role, rule)) continue
      const { query, variables } = operationOf(kind, field)
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', cookie: cookies.get(role)! },
        body: JSON.stringify({ query, variables }),
      })
      const body = (await response.json()) as { errors?: { message: string; extensions?: { code?: string } }[] }
      expect(deniedBy(body.errors), field.name).toBe(true)
    }
  })

  /** A key made by a new member in `role` (its delegation left unsigned: no route here needs it). */
  async function memberKey(role: Role, scopes: string[]) {
    const member = privateKeyToAccount(generatePrivateKey())
    await app.database.db
      .insert(businessMembers)
      .values({ business: alice.address, member: member.address, role, addedBy: alice.address })
    const { cookie } = await signIn(app.url, member)
    await graphql(app.url, 'mutation($b: String) { actForBusiness(business: $b) { role } }', {
      cookie,
      variables: { b: alice.address },
    })
    const made = await createApiKey(app.url, cookie, alice, { scopes, authorise: false })
    return { member, secret: made.data!.createApiKey.secret, id: made.data!.createApiKey.apiKey.id }
  }

  let stored = 0
  async function storeRequest() {
    const id = `perm${String(stored++).padStart(8, '0')}`
    await app.database.db.insert(paymentRequests).values({
      id,
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      symbol: 'USDC',
      decimals: 6,
      amount: '1000000',
      payee: alice.address,
      memo: '',
      dueAt: new Date(Date.now() + 86_400_000),
      reference: newPaymentReference(),
      signature: '0x',
      status: 'open',
      received: '0',
      createdBlock: 0n,
    })
    return id
  }

  // The same change over REST and GraphQL: a refund, a request's cancelling, an invoice's.
  const CHANGES = [
    ['/payment-requests/ID/refunds', 'mutation($id: String!) { prepareRefund(requestId: $id, amount: "1") { id } }'],
    ['/payment-requests/ID/cancel', 'mutation($id: String!) { cancelPaymentRequest(id: $id) { id } }'],
    ['/invoices/ID/cancel', 'mutation($id: String!) { cancelInvoice(requestId: $id) { id } }'],
  ] as const

  it('refuses a role the same way over REST with its key as over GraphQL with its session', async () => {
    // An admin's key, then the admin becomes an accountant: the key acts in the role its member has now.
    const { member, secret } = await memberKey('admin', ['requests:read', 'requests:write'])
    await app.database.db
      .update(businessMembers)
      .set({ role: 'accountant' })
      .where(and(eq(businessMembers.business, alice.address), eq(businessMembers.member, member.address)))
    const id = await storeRequest()
    for (const [path, mutation] of CHANGES) {
      const overRest = await rest(app.url, path.replace('ID', id), { method: 'POST', secret, body: { amount: '1' } })
      const overGraphql = await graphql(app.url, mutation, { cookie: cookies.get('accountant')!, variables: { id } })
      expect(overRest.status, path).toBe(403)
      expect(overRest.body!.error).toMatchObject({
        code: 'FORBIDDEN',
        message: overGraphql.errors![0]!.message,
      })
      expect(overGraphql.errors![0]!.extensions?.code).toBe('FORBIDDEN')
      expect(overGraphql.errors![0]!.message).toMatch(/^As accountant of this business you may not do this/)
    }
  })

  it('refuses a key beyond its scopes though its member’s role holds more', async () => {
    const owners = await createApiKey(app.url, cookies.get('owner')!, alice, {
      scopes: ['requests:read'],
      authorise: false,
    })
    const secret = owners.data!.createApiKey.secret
    const id = await storeRequest()
    const refused = await rest(app.url, `/payment-requests/${id}/cancel`, { method: 'POST', secret })
    expect(refused.status).toBe(403)
    expect(refused.body!.error.message).toBe(
      'This API key lacks the requests:write scope. Create a key with it in Billfold.',
    )
    expect((await rest(app.url, `/payment-requests/${id}`, { secret })).body!.status).toBe('open')
    expect((await rest(app.url, '/credit-notes', { secret })).status).toBe(200)
  })

  it('records a change made over REST in the audit log as it records the same change over GraphQL', async () => {
    const { member, id: keyId, secret } = await memberKey('admin', ['requests:write'])
    const [overRest, overGraphql] = [await storeRequest(), await storeRequest()]
    expect((await rest(app.url, `/payment-requests/${overRest}/cancel`, { method: 'POST', secret })).body!.status).toBe(
      'cancelled',
    )
    const cancelled = await graphql(app.url, CHANGES[1][1], {
      cookie: cookies.get('admin')!,
      variables: { id: overGraphql },
    })
    expect(cancelled.errors).toBeUndefined()
    const entries = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'cancelPaymentRequest'))
    const of = (objectId: string) => entries.find((e) => e.objectId === objectId)
    expect(of(overRest)).toMatchObject({ business: alice.address, actor: `apiKey:${keyId}`, role: 'admin' })
    expect(of(overGraphql)).toMatchObject({ business: alice.address, role: 'admin' })
    for (const entry of [of(overRest)!, of(overGraphql)!]) {
      expect(entry.clientIp).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)
      expect(entry.at).toBeInstanceOf(Date)
    }
    expect(member.address).not.toBe(of(overGraphql)!.actor)
  })

  // Last: each role's walk ends with signing out.
  it.each(ROLES)(
    'walks %s through every query and mutation as the table says',
    async (role) => {
      const outcomes: string[] = []
      const expected: string[] = []
      for (const { kind, type, field } of operations) {
        if (kind === 'subscription') continue
        const rule = operationRule(type, field)!
        const { query, variables } = operationOf(kind, field)
        const response = await graphql(app.url, query, { cookie: cookies.get(role)!, variables })
        expect(response.status, `${field.name}: ${JSON.stringify(response.errors)}`).toBeLessThan(500)
        // A refusal for another reason (the rate limit) would read as allowed.
        expect(response.status, field.name).not.toBe(429)
        outcomes.push(`${field.name}: ${deniedBy(response.errors) ? 'denied' : 'allowed'}`)
        const allowed = rule === 'public' || rule === 'member' || can(role, rule)
        expected.push(`${field.name}: ${allowed ? 'allowed' : 'denied'}`)
      }
      expect(outcomes).toEqual(expected)
    },
    120_000,
  )
})

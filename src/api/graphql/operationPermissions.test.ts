import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { businessMembers } from '../../db/schema.ts'
import { API_KEY_SCOPES } from '../../domain/delegation.ts'
import { can, MEMBER_ROLES, ROLES, SCOPE_PERMISSIONS, scopeAllowed, type Role } from '../../domain/permissions.ts'
import { createRestApi } from '../rest/restApi.ts'
import type { RestApiOptions } from '../rest/restApiOptions.ts'
import { routePermission } from '../rest/restRequest.ts'
import { operationRule } from './authorizeOperations.ts'
import { OPERATION_PERMISSIONS } from './operationPermissions.ts'
import { alice, graphql, signIn } from '../testing/graphqlClient.ts'
import { schema } from './schema/index.ts'

/** A value of an argument's type that GraphQL accepts: what the resolver makes of it does not matter here. */
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType)
  if (isListType(type)) return [sample(type.ofType)]
  if (isEnumType(type)) return type.getValues()[0]!.value
  if (isInputObjectType(type))
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, sample(f.type)]),
    )
  if (isScalarType(type)) {
    if (type.name === 'Int' || type.name === 'Float') return 1
    if (type.name === 'Boolean') return false
    if (type.name === 'DateTime') return '2030-01-01T00:00:00.000Z'
  }
  return '0x0000000000000000000000000000000000000001'
}

/** One operation calling `field` with its required arguments and the least selection it allows. */
function operationOf(kind: 'query' | 'mutation' | 'subscription', field: GraphQLField<unknown, unknown>) {
  const required = field.args.filter((a) => isNonNullType(a.type))
  const declared = required.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')
  const passed = required.map((a) => `${a.name}: $${a.name}`).join(', ')
  const named = getNamedType(field.type)
  const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }'
  return {
    query: `${kind}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`,
    variables: Object.fromEntries(required.map((a) => [a.name, sample(a.type)])),
  }
}

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

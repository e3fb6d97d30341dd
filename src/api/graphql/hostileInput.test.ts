import fc from 'fast-check'
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { schema } from './schema/index.ts'
import { alice, signIn } from '../testing/graphqlClient.ts'
import { createRequest } from '../testing/paymentRequestInput.ts'

/**
 * Every argument of every query and mutation, and every query parameter of the CSV exports, fed
 * hostile values: no answer may be a 5xx or an unexplained error, and nothing may be written.
 */
let app: TestApp
let cookie: string
let requestId: string
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
  cookie = (await signIn(app.url, alice)).cookie
  requestId = (await createRequest(app.url, cookie, alice)).id
})
afterAll(async () => app?.close())

/** Strings people and attackers send: storage breakers, spoofing characters, huge, odd dates and numbers. */
const HOSTILE_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  '\u202Eevil',
  '\u200B',
  'x'.repeat(20_000),
  '275760-09-13T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '0000-01-01',
  '1969-12-31T23:59:59Z',
  '9999999999',
  '-1',
  '1e400',
  'NaN',
  '0x',
  '0x0000000000000000000000000000000000000000',
  `0x${'f'.repeat(40)}`,
  `0x${'0'.repeat(130)}`,
  'native',
  "'; DROP TABLE payment_requests; --",
  '%00',
  '../../etc/passwd',
  '{"a":1}',
  '🎉'.repeat(200),
]

/** Mostly the known-hostile strings (so each argument meets each of them), then random text. */
const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constant(null).map(() => requestId) },
)

function valueOf(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueOf(type.ofType, depth)
  const nullable = (arbitrary: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 9, arbitrary }, { weight: 1, arbitrary: fc.constant(null) })
  if (isListType(type)) return nullable(fc.array(valueOf(type.ofType, depth + 1), { maxLength: depth > 1 ? 1 : 4 }))
  if (isEnumType(type))
    return nullable(fc.oneof(fc.constantFrom(...type.getValues().map((v) => v.name)), hostileString))
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields())
    return nullable(
      fc.record(Object.fromEntries(fields.map((f) => [f.name, valueOf(f.type, depth + 1)])), { requiredKeys: [] }),
    )
  }
  if (isScalarType(type) && type.name === 'Int')
    return nullable(
      fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 9_999_999_999, 1.5)),
    )
  if (isScalarType(type) && type.name === 'Boolean') return nullable(fc.oneof(fc.boolean(), hostileString))
  return nullable(fc.oneof(hostileString, fc.integer()))
}

async function rowCounts() {
  const counts = await app.database.db.execute<{ n: string }>(
    sql`select (select count(*) from payment_requests)::text || '/' || (select count(*) from payments)::text || '/' || (select count(*) from unmatched_transfers)::text as n`,
  )
  return (counts as unknown as { rows?: { n: string }[] }).rows?.[0]?.n ?? (counts as unknown as { n: string }[])[0]!.n
}

const operations = (['query', 'mutation'] as const).flatMap((kind) => {
  const root = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!
  return Object.values(root.getFields())
    .filter((field) => field.args.length > 0)
    .map((field) => {
      const returned = field.type
      const named = isNonNullType(returned) ? returned.ofType : returned
      const inner = isListType(named) ? (isNonNullType(named.ofType) ? named.ofType.ofType : named.ofType) : named
      const selection = isObjectType(inner) ? ' { __typename }' : ''
      const variables = field.args.map((arg, i) => `$a${i}: ${String(arg.type)}`).join(', ')
      const args = field.args.map((arg, i) => `${arg.name}: $a${i}`).join(', ')
      return {
        name: `${kind} ${field.name}`,
        query: `${kind} Fuzz(${variables}) { ${field.name}(${args})${selection} }`,
        variables: fc
          .tuple(...field.args.map((arg) => valueOf(arg.type)))
          .map((values) => Object.fromEntries(values.map((v, i) => [`a${i}`, v]))),
      }
    })
})

describe('hostile input to the GraphQL API', () => {
  it.each(operations)(
    '$name answers every value with a code, never a 5xx, and writes nothing',
    async ({ query, variables }) => {
      const before = await rowCounts()
      await fc.assert(
        fc.asyncProperty(variables, async (values) => {
          const response = await fetch(`${app.url}/graphql`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/graphql-response+json, application/json',
              cookie,
            },
            body: JSON.stringify({ query, variables: values }),
          })
          const text = await response.text()
          expect(response.status, text).toBeLessThan(500)
          const body = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] }
          for (const error of body.errors ?? []) {
            expect(typeof error.extensions?.code, text).toBe('string')
            expect(error.extensions!.code, text).not.toBe('INTERNAL_SERVER_ERROR')
          }
        }),
        { numRuns: 200 },
      )
      expect(await rowCounts()).toBe(before)
    },
  )
})

describe('hostile query parameters on the CSV exports', () => {
  const PARAMETERS = ['status', 'chainId', 'asset', 'from', 'to', 'search']
  async function exportAnswers(kind: string, query: URLSearchParams) {
    const response = await fetch(`${app.url}/export/${kind}.csv?${query}`, { headers: { cookie } })
    const text = await response.text()
    // 431: Node refuses a URL too long for its header limit before any handler sees it.
    expect([200, 400, 431], `${query.toString().slice(0, 200)} → ${response.status} ${text.slice(0, 200)}`).toContain(
      response.status,
    )
    if (response.status === 400)
      expect(JSON.parse(text)).toMatchObject({
        errors: [{ extensions: { code: 'BAD_USER_INPUT', field: expect.any(String) } }],
      })
  }

  it.each(['requests', 'payments', 'unmatched'])(
    '/export/%s.csv answers 200 or a 4xx with a code, never a 5xx',
    async (kind) => {
      for (const name of PARAMETERS)
        for (const value of HOSTILE_STRINGS) await exportAnswers(kind, new URLSearchParams([[name, value]]))
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...PARAMETERS), hostileString), { minLength: 1, maxLength: 4 }),
          async (pairs) => exportAnswers(kind, new URLSearchParams(pairs.map(([name, value]) => [name, value ?? '']))),
        ),
        { numRuns: 60 },
      )
    },
  )
})

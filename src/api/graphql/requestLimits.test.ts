import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { alice, codes, graphql, signIn } from '../testing/graphqlClient.ts'
import { lineLogger } from '../../domain/logger.ts'

const anvilUrl = inject('anvilUrl')
let app: TestApp

beforeAll(async () => {
  app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0 })
})
afterAll(async () => app?.close())

const ME = '{ me { address chainId expiresAt } }'

describe('request limits and malformed requests', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await post('{"query": "{ me { address } }"')
    expect(response.status).toBe(400)
    expect((await response.json()).errors[0].extensions.code).toBe('BAD_REQUEST')
  })

  it('refuses a 10 MB body with 413 REQUEST_TOO_LARGE', async () => {
    const response = await post(JSON.stringify({ query: `{ me { address } } #${'x'.repeat(10 * 1024 * 1024)}` }))
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      errors: [{ message: 'The request body is larger than 100 KB.', extensions: { code: 'REQUEST_TOO_LARGE' } }],
    })
  })

  it('refuses a streamed body of unknown length with 411 LENGTH_REQUIRED', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"query":"{ chains { id } }"}'))
        controller.close()
      },
    })
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(411)
    expect((await response.json()).errors[0].extensions.code).toBe('LENGTH_REQUIRED')
  })

  it('refuses a 200-level nested query with QUERY_TOO_DEEP', async () => {
    const query = `{ ${'me { '.repeat(200)}address${' }'.repeat(200)} }`
    const response = await graphql(app.url, query)
    expect(codes(response)).toContain('QUERY_TOO_DEEP')
    expect(response.errors!.find((e) => e.extensions?.code === 'QUERY_TOO_DEEP')!.message).toMatch(
      /Query depth limit of 8 exceeded/,
    )
  })

  it('refuses 1,000 aliases, and 20 aliases, each with its code', async () => {
    const thousand = `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: chains { id }`).join(' ')} }`
    expect(codes(await graphql(app.url, thousand))).toEqual(['QUERY_TOO_LONG'])
    const twenty = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: chains { id }`).join(' ')} }`
    expect(codes(await graphql(app.url, twenty))).toContain('TOO_MANY_ALIASES')
  })

  it('answers an unknown operation name with OPERATION_RESOLUTION_FAILURE', async () => {
    const response = await graphql(app.url, 'query Known { chains { id } }', { operationName: 'Unknown' })
    expect(codes(response)).toEqual(['OPERATION_RESOLUTION_FAILURE'])
    expect(response.errors![0]!.message).toBe('Could not determine what operation to execute.')
  })

  it('answers an unknown field with GRAPHQL_VALIDATION_FAILED and a syntax error with GRAPHQL_PARSE_FAILED', async () => {
    expect(codes(await graphql(app.url, '{ secrets }'))).toEqual(['GRAPHQL_VALIDATION_FAILED'])
    expect(codes(await graphql(app.url, '{ chains { id }'))).toEqual(['GRAPHQL_PARSE_FAILED'])
  })

  it('limits each address to its rate, with 429 RATE_LIMITED and Retry-After', async () => {
    const limited = await startTestApp({ anvilUrl, rateLimitPerMinute: 5 })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 6; i++)
        statuses.push((await graphql(limited.url, '{ chains { id } }').catch(() => ({ status: 0 }))).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
      const response = await fetch(`${limited.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ chains { id } }"}',
      })
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
      expect((await response.json()).errors[0].extensions.code).toBe('RATE_LIMITED')
    } finally {
      await limited.close()
    }
  })

  it('masks an unexpected failure and names the request id in the answer, the header and the log', async () => {
    const logged: string[] = []
    const broken = await startTestApp({ anvilUrl, logger: lineLogger((line) => logged.push(line)) })
    const { cookie } = await signIn(broken.url, alice)
    await broken.database.close() // the database goes away under the server
    try {
      const response = await graphql(broken.url, ME, { cookie })
      const error = response.errors![0]!
      expect(error.extensions?.code).toBe('INTERNAL_SERVER_ERROR')
      expect(error.message).toBe(
        'Something went wrong on our side. Try again; if it keeps happening, report this request id.',
      )
      expect(error.extensions?.requestId).toBe(response.headers.get('x-request-id'))
      expect(logged.some((line) => line.startsWith(`[${error.extensions?.requestId}] unexpected error:`))).toBe(true)
    } finally {
      await broken.close().catch(() => undefined)
    }
  })
})

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../../testing/faultyRpc.ts'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import { alice, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import { startServer, type RequestRecord, type RunningServer } from '../startServer.ts'
import { TEST_SECRET_KEY } from '../../../testing/startTestApp.ts'
import { silentLogger } from '../../domain/logger.ts'

const TOKEN = 'metrics-token-0123456789'
let rpc: FaultyRpc
let database: Database
let server: RunningServer
const requests: RequestRecord[] = []

beforeAll(async () => {
  rpc = await startFaultyRpc(inject('anvilUrl'))
  database = await createDatabase({})
  server = await startServer({
    secretKey: TEST_SECRET_KEY,
    host: '127.0.0.1',
    port: 0,
    production: true,
    database,
    devRpcUrl: rpc.url,
    rateLimitPerMinute: 0,
    noncesPerMinute: 0,
    metricsToken: TOKEN,
    logger: silentLogger,
    onRequestDone: (record) => requests.push(record),
  })
})
afterAll(async () => {
  await server?.close()
  await database?.close()
  await rpc?.close()
})

const metrics = async () =>
  (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text()
const sample = (text: string, name: string, labels: Record<string, string>) => {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)))
  return line === undefined ? undefined : Number(line.split(' ').at(-1))
}

describe('health', () => {
  it('answers /healthz while the process runs and /readyz with each check', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' })
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status).toBe(200)
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({
      status: 'ready',
      server: expect.stringMatching(new RegExp(`-${process.pid}-[0-9a-f]{6}$`)),
      watching: [31337],
      checks: { database: { ok: true }, 'watcher:31337': { ok: true } },
    })
  })
})

describe('metrics', () => {
  it('are behind the token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401)
    expect(
      (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
    ).toBe(401)
    const off = await startServer({
      host: '127.0.0.1',
      port: 0,
      production: true,
      secretKey: TEST_SECRET_KEY,
      database,
      devRpcUrl: rpc.url,
      watch: false,
      logger: silentLogger,
    })
    try {
      expect((await fetch(`${off.url}/metrics`)).status).toBe(404)
    } finally {
      await off.close()
    }
  })

  it('count HTTP requests and GraphQL operations, watcher lag and RPC errors per chain, and open subscriptions', async () => {
    const { cookie } = await signIn(server.url, alice)
    const { id } = await createRequest(server.url, cookie, alice)
    await graphql(server.url, '{ chains { id } }')
    rpc.faults.next = { count: 3, answer: '503' }
    await expect
      .poll(
        async () => sample(await metrics(), 'billfold_rpc_errors_total', { chain: '31337', kind: 'unavailable' }) ?? 0,
        { timeout: 5000 },
      )
      .toBeGreaterThan(0)

    const stream = await fetch(
      `${server.url}/graphql?query=${encodeURIComponent(`subscription { paymentRequestUpdated(id: "${id}") { status } }`)}`,
      { headers: { accept: 'text/event-stream' } },
    )
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    const text = await metrics()
    expect(
      sample(text, 'billfold_open_subscriptions', {}) ?? Number(/billfold_open_subscriptions (\d+)/.exec(text)?.[1]),
    ).toBe(1)
    expect(
      sample(text, 'billfold_http_request_duration_seconds_count', {
        route: '/graphql',
        method: 'POST',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(4)
    expect(
      sample(text, 'billfold_graphql_operation_duration_seconds_count', { type: 'mutation', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(3)
    expect(
      sample(text, 'billfold_graphql_operation_duration_seconds_count', { type: 'query', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'billfold_watcher_lag_blocks', { chain: '31337' })).toBeGreaterThanOrEqual(0)
    // Which server this is, and that it runs the dev chain's watcher (alone, it runs them all).
    const readiness = (await (await fetch(`${server.url}/readyz`)).json()) as { server: string }
    expect(sample(text, 'billfold_server_info', { server: readiness.server })).toBe(1)
    expect(sample(text, 'billfold_watcher_running', { chain: '31337' })).toBe(1)
    expect(text).toContain('billfold_process_resident_memory_bytes')
    await stream.body!.cancel()
  })

  it('give every finished request to the access log with its request id', () => {
    const record = requests.find((r) => r.path === '/graphql' && r.method === 'POST')!
    expect(record).toMatchObject({ status: 200, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(record.ms).toBeGreaterThan(0)
  })
})

describe('drain on SIGTERM', () => {
  it('tells live streams to reconnect, lets a request in flight finish, then refuses new connections', async () => {
    const { cookie } = await signIn(server.url, alice)
    const { id } = await createRequest(server.url, cookie, alice)
    const stream = await fetch(
      `${server.url}/graphql?query=${encodeURIComponent(`subscription { paymentRequestUpdated(id: "${id}") { status } }`)}`,
      { headers: { accept: 'text/event-stream' } },
    )
    const streamed = stream.text()
    rpc.faults.delayMs = 700
    const inFlight = fetch(`${server.url}/rpc/31337`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
    })
    await new Promise((resolve) => setTimeout(resolve, 100))

    await server.drain(5000)
    rpc.faults.delayMs = 0
    expect(await streamed).toContain('retry: 500')
    expect(await (await inFlight).json()).toMatchObject({ result: '0x7a69' })
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
  })
})

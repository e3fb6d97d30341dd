import { connect } from 'node:net'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { graphql } from '../api/testing/graphqlClient.ts'
import { lineLogger } from '../domain/logger.ts'

let app: TestApp
const logged: string[] = []
beforeAll(async () => {
  app = await startTestApp({
    anvilUrl: inject('anvilUrl'),
    rateLimitPerMinute: 0,
    logger: lineLogger((line) => logged.push(line)),
  })
})
afterAll(async () => app?.close())

/** A client that declares a body, sends part of it and hangs up. */
function abortMidBody(url: string, path: string, contentType: string) {
  const { hostname, port } = new URL(url)
  return new Promise<void>((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: ${contentType}\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":"2.0",`,
      )
      setTimeout(() => {
        socket.destroy()
        resolve()
      }, 50)
    })
    socket.on('error', () => resolve())
  })
}

it('keeps answering after clients hang up in the middle of a body on every endpoint', async () => {
  for (const path of [
    '/graphql',
    '/api/v1/payment-requests',
    '/rpc/31337',
    '/export/requests.csv',
    '/export/payments.csv',
    '/export/unmatched.csv',
    '/healthz',
    '/readyz',
    '/metrics',
    '/pay/abc',
    '/',
  ])
    for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded'])
      await abortMidBody(app.url, path, type)
  await new Promise((resolve) => setTimeout(resolve, 200))
  const answer = await graphql<{ chains: { id: number }[] }>(app.url, '{ chains { id } }')
  expect(answer.data!.chains.map((c) => c.id)).toContain(31337)
  const rpc = await fetch(`${app.url}/rpc/31337`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
  expect(((await rpc.json()) as { result: string }).result).toBe('0x7a69')
  // A client going away is not a failure of ours: nothing logged for it.
  expect(logged.filter((line) => line.startsWith('[http]'))).toEqual([])
})

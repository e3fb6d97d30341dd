import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../testing/freePort.ts'
import { nginxUnavailableReason, startNginx } from '../../testing/nginxProxy.ts'
import { startPostgresCluster, type PostgresCluster } from '../../testing/postgresCluster.ts'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { openEventStream } from '../api/testing/eventStream.ts'
import { alice, graphql, queryStatuses, signIn } from '../api/testing/graphqlClient.ts'
import { createRequest } from '../api/testing/paymentRequestInput.ts'
import { pay } from '../watcher/testing/payments.ts'

const postgresUrl = inject('postgresUrl')
const anvilUrl = inject('anvilUrl')
const skipReason = !postgresUrl ? 'no PostgreSQL server' : nginxUnavailableReason()
const METRICS_TOKEN = 'a-metrics-token-of-32-characters!!'
const LIMIT = 60
const SUBSCRIPTION = 'subscription { myPaymentRequestUpdated { id status } }'

/** How many live-status streams a server holds, from its own /metrics. */
async function openStreams(server: TestApp) {
  const text = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text()
  return Number(/^billfold_open_subscriptions (\d+)/m.exec(text)?.[1] ?? 0)
}

describe.skipIf(skipReason)('three servers behind nginx on one PostgreSQL with a streaming replica', () => {
  const servers: TestApp[] = []
  let proxy: Awaited<ReturnType<typeof startNginx>>
  let cluster: PostgresCluster
  beforeAll(async () => {
    cluster = await startPostgresCluster()
    const { primaryUrl: databaseUrl, replicaUrl } = await cluster.createDatabase()
    const port = await freePort()
    const publicUrl = `http://127.0.0.1:${port}`
    for (let i = 0; i < 3; i++)
      servers.push(
        await startTestApp({
          anvilUrl,
          databaseUrl,
          replicaUrls: [replicaUrl],
          publicUrl,
          trustProxy: true,
          rateLimitPerMinute: LIMIT,
          metricsToken: METRICS_TOKEN,
        }),
      )
    proxy = await startNginx(
      port,
      servers.map((s) => new URL(s.url).host),
    )
  })
  afterAll(async () => {
    await proxy?.stop()
    await Promise.all(servers.map((s) => s.close()))
    await cluster?.stop()
  })

  it('signs in and streams live status through the proxy; when the server holding the stream dies, the client reconnects and misses nothing', async () => {
    const { cookie } = await signIn(proxy.url, alice)
    let stream = await openEventStream(proxy.url, SUBSCRIPTION, cookie)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const first = await createRequest(proxy.url, cookie, alice, { amount: '1.01' })
    expect(await stream.next()).toEqual({ data: { myPaymentRequestUpdated: { id: first.id, status: 'open' } } })

    const counts = await Promise.all(servers.map(openStreams))
    const holder = servers[counts.indexOf(1)]!
    expect(counts.filter((n) => n === 1)).toHaveLength(1)
    await holder.close()
    servers.splice(servers.indexOf(holder), 1)
    // The proxy ends the stream (cleanly or not) when its server goes.
    await expect(stream.next()).rejects.toThrow(/stream ended|terminated/)

    // Paid while the client is away: it reconnects through the proxy and, as the app does, asks once.
    await pay(anvilUrl, { from: 2, to: alice.address, amount: 1_010_000n, reference: first.reference })
    stream = await openEventStream(proxy.url, SUBSCRIPTION, cookie)
    const status = async () =>
      (
        await graphql<{ paymentRequest: { status: string } }>(
          proxy.url,
          'query($id: String!) { paymentRequest(id: $id) { status } }',
          {
            variables: { id: first.id },
          },
        )
      ).data!.paymentRequest.status
    await expect.poll(status, { timeout: 15_000 }).toBe('paid')
    await new Promise((resolve) => setTimeout(resolve, 200))
    const second = await createRequest(proxy.url, cookie, alice, { amount: '1.02' })
    // Events reach the new stream through the proxy (the first request's *paid* may come first).
    type Update = { data: { myPaymentRequestUpdated: { id: string; status: string } } }
    let update = (await stream.next()) as Update
    while (update.data.myPaymentRequestUpdated.id !== second.id) update = (await stream.next()) as Update
    expect(update.data.myPaymentRequestUpdated.status).toBe('open')
    await stream.close()
  })

  it('holds one rate limit for the client across the servers behind it', async () => {
    const started = Date.now()
    const statuses = await queryStatuses(() => proxy.url, 200)
    const allowed = statuses.filter((s) => s === 200).length
    const refilled = Math.ceil(((Date.now() - started) / 60_000) * LIMIT)
    expect(allowed).toBeLessThanOrEqual(LIMIT + refilled + servers.length * Math.ceil(LIMIT / 20))
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(100)
  })
})

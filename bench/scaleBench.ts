import autocannon from 'autocannon'
import postgres from 'postgres'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { createApiKey } from '../src/api/testing/merchantClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { setUpDevChain } from '../src/chain/devnet/setUpDevChain.ts'
import { startAnvil } from '../src/chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { lsnValue } from '../src/db/primaryWatch.ts'
import { freePort } from '../testing/freePort.ts'
import { nginxUnavailableReason, startNginx } from '../testing/nginxProxy.ts'
import { startPostgresCluster } from '../testing/postgresCluster.ts'
import { postgresUnavailableReason } from '../testing/postgresServer.ts'
import { startServerProcess, type ServerProcess } from '../testing/serverProcess.ts'
import { median, percentile } from './stats.ts'
import { steadyLoad } from './steadyLoad.ts'

const SECONDS = 8
// High enough never to refuse: the limiter runs (and shares its buckets) without deciding the figures.
const NEVER_REACHED = '100000000'

const order = JSON.stringify({
  chainId: 31337,
  asset: DEV_USDC_ADDRESS,
  amount: '19.99',
  memo: 'Scale bench order',
  dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
})

/**
 * Several servers on one PostgreSQL with a streaming replica (synchronous: a commit waits for the
 * replica to have it), the production build in processes of their own, nginx in front: the same
 * load through one server and through three, the shared limiter's cost, and the replica's lag.
 */
export async function runScaleBenchmarks() {
  const reason = postgresUnavailableReason() ?? nginxUnavailableReason()
  if (reason) return console.log(`\nScale SKIPPED: ${reason}`)
  const cluster = await startPostgresCluster()
  const anvil = await startAnvil({ port: 8571 })
  await setUpDevChain(anvil.rpcUrl)
  const { primaryUrl, replicaUrl } = await cluster.createDatabase()
  const servers: ServerProcess[] = []
  const proxies: Awaited<ReturnType<typeof startNginx>>[] = []
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess(
      {
        RPC_URL: anvil.rpcUrl,
        DATABASE_URL: primaryUrl,
        DATABASE_REPLICA_URL: replicaUrl,
        TRUST_PROXY: 'true',
        LOG_FORMAT: 'json',
        RATE_LIMIT_PER_MINUTE: NEVER_REACHED,
        ...env,
      },
      { build: 'production' },
    )
    servers.push(server)
    return server
  }
  try {
    const three = [await start({}), await start({}), await start({})]
    const unlimited = await start({ RATE_LIMIT_PER_MINUTE: '0' })
    const proxy = async (upstreams: ServerProcess[]) => {
      const made = await startNginx(
        await freePort(),
        upstreams.map((s) => new URL(s.url).host),
      )
      proxies.push(made)
      return made
    }
    const one = await proxy([three[0]!])
    const all = await proxy(three)

    const { cookie } = await signIn(three[0]!.url, alice)
    const secret = (await createApiKey(three[0]!.url, cookie, alice)).data!.createApiKey.secret
    const request = await createRequest(three[0]!.url, cookie, alice, { amount: '1.5' })
    const read = JSON.stringify({
      query: `{ paymentRequest(id: "${request.id}") { id status amount payments { txHash } } }`,
    })
    const graphqlLoad = (url: string, duration = SECONDS) =>
      autocannon({
        url: `${url}/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: read,
        connections: 16,
        duration,
      })
    const restLoad = (url: string) =>
      autocannon({
        url: `${url}/api/v1/payment-requests`,
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: order,
        connections: 16,
        duration: SECONDS,
      })
    const line = (label: string, r: autocannon.Result) =>
      console.log(
        `  ${label.padEnd(44)} ${Math.round(r.requests.average).toString().padStart(5)} req/s   p50 ${r.latency.p50.toFixed(1)} ms   p99 ${r.latency.p99.toFixed(1)} ms${r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`,
      )

    console.log(
      `\nScale: the same load through nginx to one server and to three, on one PostgreSQL with a streaming replica (${SECONDS} s each, 16 connections; this machine has 2 cores, so three servers share them)`,
    )
    const reads1 = await graphqlLoad(one.url)
    line('GraphQL pay page read, 1 server', reads1)
    const reads3 = await graphqlLoad(all.url)
    line('GraphQL pay page read, 3 servers', reads3)
    const sizer = postgres(primaryUrl, { max: 1, onnotice: () => {} })
    const footprint = async () =>
      (
        await sizer<{ bytes: string; requests: string }[]>`
          select pg_database_size(current_database())::text as bytes, (select count(*) from payment_requests)::text as requests`
      )[0]!
    const before = await footprint()
    const writes1 = await restLoad(one.url)
    line('REST create with an API key, 1 server', writes1)
    const lag = sampleReplicaLag(primaryUrl, replicaUrl)
    const writes3 = await restLoad(all.url)
    const lags = await lag.stop()
    line('REST create with an API key, 3 servers', writes3)
    const after = await footprint()
    await sizer.end()
    const made = Number(after.requests) - Number(before.requests)
    console.log(
      `  database growth: ${((Number(after.bytes) - Number(before.bytes)) / made).toFixed(0)} bytes per request created through REST, tables and indexes (${made} requests)`,
    )
    console.log(
      `  three servers ÷ one: reads ×${(reads3.requests.average / reads1.requests.average).toFixed(2)}, creates ×${(writes3.requests.average / writes1.requests.average).toFixed(2)}`,
    )
    console.log(
      `  replica lag under the 3-server create load (a commit's log position → applied on the replica, every 100 ms, ${lags.length} samples): median ${median(lags).toFixed(1)} ms   p99 ${percentile(lags, 99).toFixed(1)} ms   max ${Math.max(...lags).toFixed(1)} ms`,
    )

    console.log(
      '\nThe shared limiter’s cost: one server, steady 300 reads/s for 8 s, limit on (buckets in PostgreSQL) and off, alternated after a warm-up',
    )
    for (const server of [unlimited, three[1]!]) await graphqlLoad(server.url, 2)
    for (const [label, server] of [
      ['limit off (RATE_LIMIT_PER_MINUTE=0)', unlimited],
      ['limit on, shared by all servers', three[1]!],
      ['limit off (RATE_LIMIT_PER_MINUTE=0)', unlimited],
      ['limit on, shared by all servers', three[1]!],
    ] as const) {
      const r = await steadyLoad({
        url: `${server.url}/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: read,
        rate: 300,
        durationMs: 8000,
      })
      console.log(
        `  ${label.padEnd(44)} ${Math.round(r.perSecond).toString().padStart(5)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms`,
      )
    }
  } finally {
    await Promise.all(proxies.map((p) => p.stop()))
    await Promise.all(servers.map((s) => s.stop('SIGTERM')))
    await anvil.stop()
    await cluster.stop()
  }
}

/** Every 100 ms: the primary's log position now, and how long until the replica has applied it. */
function sampleReplicaLag(primaryUrl: string, replicaUrl: string) {
  const primary = postgres(primaryUrl, { max: 1, onnotice: () => {} })
  const replica = postgres(replicaUrl, { max: 1, onnotice: () => {} })
  const lags: number[] = []
  let stopped = false
  const loop = (async () => {
    while (!stopped) {
      const [now] = await primary<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`
      const target = lsnValue(now!.lsn)
      const asked = performance.now()
      for (;;) {
        const [row] = await replica<{ lsn: string }[]>`select pg_last_wal_replay_lsn()::text as lsn`
        if (lsnValue(row!.lsn) >= target) break
        await new Promise((resolve) => setTimeout(resolve, 1))
      }
      lags.push(performance.now() - asked)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  return {
    async stop() {
      stopped = true
      await loop
      await Promise.all([primary.end(), replica.end()])
      return lags
    },
  }
}

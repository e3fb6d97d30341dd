import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { DatabaseStatus, Db } from '../../db/createDatabase.ts'
import type { ActiveChain } from '../../chain/chains.ts'
import { readChainHealth } from '../../chain/readChainHealth.ts'

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * What an operator graphs and alerts on, in Prometheus' format: HTTP and GraphQL rates and
 * latencies, each chain's watcher lag and RPC errors, open subscriptions, and the process itself.
 * Labels are bounded (route kinds, chain ids, operation types), so no client can grow them.
 */
export function createMetrics({
  db,
  chains,
  openStreams,
  serverId,
  watching,
  databaseStatus,
}: {
  db: Db
  /** The primary's reachability and each replica's staleness. */
  databaseStatus: () => DatabaseStatus
  chains: readonly ActiveChain[]
  openStreams: () => number
  /** This process among the servers (as on /readyz). */
  serverId: string
  /** The chains whose watcher this server runs now. */
  watching: () => readonly number[]
}) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'billfold_' })
  const http = new Histogram({
    name: 'billfold_http_request_duration_seconds',
    help: 'HTTP requests by route kind, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: SECONDS,
    registers: [registry],
  })
  const graphql = new Histogram({
    name: 'billfold_graphql_operation_duration_seconds',
    help: 'GraphQL operations by type and outcome',
    labelNames: ['type', 'outcome'],
    buckets: SECONDS,
    registers: [registry],
  })
  const rpcErrors = new Counter({
    name: 'billfold_rpc_errors_total',
    help: "Failed calls to a chain's RPC providers, by kind",
    labelNames: ['chain', 'kind'],
    registers: [registry],
  })
  new Gauge({
    name: 'billfold_open_subscriptions',
    help: 'Live-status streams open on this server',
    registers: [registry],
    collect() {
      this.set(openStreams())
    },
  })
  new Gauge({
    name: 'billfold_server_info',
    help: 'This server, by the name it has in server_heartbeats and on /readyz',
    labelNames: ['server'],
    registers: [registry],
    collect() {
      this.set({ server: serverId }, 1)
    },
  })
  new Gauge({
    name: 'billfold_watcher_running',
    help: '1 for each chain whose watcher runs on this server (the servers share the chains)',
    labelNames: ['chain'],
    registers: [registry],
    collect() {
      const mine = watching()
      for (const { chain } of chains) this.set({ chain: String(chain.id) }, mine.includes(chain.id) ? 1 : 0)
    },
  })
  new Gauge({
    name: 'billfold_database_reachable',
    help: '1 while the writable PostgreSQL server answers this server (0 during a failover)',
    registers: [registry],
    collect() {
      this.set(databaseStatus().primary?.reachable === false ? 0 : 1)
    },
  })
  new Gauge({
    name: 'billfold_database_replica_staleness_seconds',
    help: 'How old the oldest write a replica has not applied yet is (0 when it has them all); -1 while it does not answer',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      for (const replica of databaseStatus().replicas)
        this.set({ replica: replica.host }, replica.healthy ? replica.stalenessMs / 1000 : -1)
    },
  })
  const lagBlocks = new Gauge({
    name: 'billfold_watcher_lag_blocks',
    help: 'Blocks between the head and what the watcher has read in full',
    labelNames: ['chain'],
    registers: [registry],
  })
  const lagging = new Gauge({
    name: 'billfold_watcher_lagging',
    help: '1 while the watcher of the chain is behind or its RPC fails',
    labelNames: ['chain'],
    registers: [registry],
  })
  const healthAge = new Gauge({
    name: 'billfold_watcher_health_age_seconds',
    help: 'Seconds since the watcher last recorded its health',
    labelNames: ['chain'],
    registers: [registry],
  })

  /** The watchers' state comes from the database: whichever server runs a chain's watcher, every server reports it. */
  const collectWatchers = async () => {
    for (const { chain } of chains) {
      const health = await readChainHealth(db, chain.id).catch(() => undefined)
      if (!health) continue
      const label = { chain: String(chain.id) }
      if (health.headBlock !== null && health.readThrough !== null)
        lagBlocks.set(label, Number(health.headBlock - health.readThrough))
      lagging.set(label, health.laggingSince ? 1 : 0)
      healthAge.set(label, (Date.now() - health.updatedAt.getTime()) / 1000)
    }
  }

  return {
    observeHttp: (route: string, method: string, status: number, seconds: number) =>
      http.observe({ route, method, status: String(status) }, seconds),
    observeGraphql: (type: string, ok: boolean, seconds: number) =>
      graphql.observe({ type, outcome: ok ? 'ok' : 'error' }, seconds),
    countRpcError: (chainId: number, kind: string) => rpcErrors.inc({ chain: String(chainId), kind }),
    /** GET /metrics with `Authorization: Bearer <token>`; without a token configured, metrics are off. */
    handler: (token: string | undefined) => async (req: IncomingMessage, res: ServerResponse) => {
      if (!token)
        return void res
          .writeHead(404, { 'content-type': 'text/plain' })
          .end('Metrics are off: set METRICS_TOKEN to turn them on.\n')
      const given = Buffer.from(req.headers.authorization ?? '')
      const expected = Buffer.from(`Bearer ${token}`)
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return void res
          .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
          .end('Send Authorization: Bearer <METRICS_TOKEN>.\n')
      await collectWatchers()
      res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
      res.end(await registry.metrics())
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>

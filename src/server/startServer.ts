import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPubSub } from 'graphql-yoga'
import type { PublicClient } from 'viem'
import { createChainRpc } from '../chain/rpc/chainRpc.ts'
import { createCsvExport, type CsvExportKind } from '../api/exports/csvExport.ts'
import { createApi } from '../api/graphql/createApi.ts'
import { createRestApi, REST_PREFIX } from '../api/rest/restApi.ts'
import type { DeliverySettings } from '../merchants/webhooks/deliveryWorker.ts'
import { startMerchantServices } from './merchantServices.ts'
import { PAYEE_REQUEST_UPDATED, REQUEST_UPDATED } from '../api/graphql/schema/paymentRequestSchema.ts'
import { findPaymentRequest } from '../payments/repository/paymentRequests.ts'
import { describePayPage } from './payPagePreview.ts'
import type { ApiEvents } from '../api/graphql/context.ts'
import { NONCE_TTL_MS } from '../api/auth/nonces.ts'
import { purgeExpiredAuth } from '../api/auth/purgeExpired.ts'
import { createSessionStore } from '../api/auth/sessionStore.ts'
import type { AuthSettings } from '../api/graphql/context.ts'
import { activeChains, assetsOf, DEV_CHAIN_ID } from '../chain/chains.ts'
import type { Database } from '../db/createDatabase.ts'
import { REQUEST_UPDATED_CHANNEL } from '../db/notificationChannels.ts'
import { startWatchers } from '../chain/watcher/startWatchers.ts'
import type { ClientConfig } from '../domain/clientConfig.ts'
import { createGraphqlHandler } from '../api/graphql/graphqlHandler.ts'
import { drainServer, isEventStream } from '../http/drainServer.ts'
import { guardRoute } from '../http/guardRoute.ts'
import { createRequestRouter, type Handler, type RequestRecord } from '../http/requestRouter.ts'
import { createHealthChecks } from './ops/health.ts'
import { createMetrics } from './ops/metrics.ts'
import { createRateLimiter } from '../http/rateLimiter.ts'
import { securityHeaders } from '../http/securityHeaders.ts'
import { createRpcRelay } from '../api/rpcRelay/rpcRelay.ts'
import { createDevWebApp, createStaticWebApp } from './webApp.ts'

export type RunningServer = {
  url: string
  server: Server
  /** Stops at once: every connection closed. */
  close(): Promise<void>
  /**
   * Stops gracefully (SIGTERM): not ready any more, no new connections, the watchers finish their
   * batch, live-status streams are told to reconnect (to another server), requests in flight get up
   * to `timeoutMs` to finish.
   */
  drain(timeoutMs?: number): Promise<void>
}

export type { RequestRecord } from '../http/requestRouter.ts'

export type StartServerParameters = {
  host: string
  port: number
  /** May still be opening: the web app's tooling starts meanwhile. */
  database: Database | Promise<Database>
  /** The dev chain's RPC; unset means the dev chain is not offered. */
  devRpcUrl?: string | undefined
  /** RPC_URL_<chainId> of the public chains to accept: one URL or several for failover. */
  chainRpcUrls?: Readonly<Record<number, string | readonly string[]>>
  production: boolean
  walletConnectProjectId?: string | undefined
  walletConnectRelayUrl?: string | undefined
  /** The origin people use to reach the app; sign-in messages must name it. Defaults to the listening URL. */
  publicUrl?: string | undefined
  /** Run the chain watchers in this process (one per chain across all servers). Default true. */
  watch?: boolean
  rateLimitPerMinute?: number
  /** Sign-in nonces one client may ask for per minute (each is a row until it expires). */
  noncesPerMinute?: number
  /** GraphQL schema introspection; by default on in development only. */
  introspection?: boolean | undefined
  /** JSON-RPC calls per client and minute through /rpc/<chainId>. */
  rpcRateLimitPerMinute?: number
  trustProxy?: boolean
  auth?: Partial<AuthSettings>
  log?: (line: string) => void
  /** Called once per finished request (the access log). */
  onRequestDone?: (record: RequestRecord) => void
  /** Bearer token for /metrics; unset turns metrics off. */
  metricsToken?: string | undefined
  /** Seals the secrets kept to use again (API keys' delegate keys, webhook secrets): SECRET_KEY. */
  secretKey: string
  /** Webhooks may go to loopback and private addresses (WEBHOOKS_ALLOW_PRIVATE). */
  webhooksAllowPrivate?: boolean
  /** Deliver webhooks from this process (every server does by default). */
  deliverWebhooks?: boolean
  /** Retry schedule and limits of webhook delivery (tests shorten them). */
  webhookDelivery?: Partial<DeliverySettings>
}

const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
const PURGE_INTERVAL_MS = 10 * 60 * 1000
const loopback = new Set(['localhost', '127.0.0.1', '[::1]'])

/** One HTTP server for everything the browser needs: the app, /graphql and the dev chain's RPC. */
export async function startServer(options: StartServerParameters): Promise<RunningServer> {
  const chains = activeChains({ ...options.chainRpcUrls, [DEV_CHAIN_ID]: options.devRpcUrl })
  if (chains.length === 0) throw new Error('startServer needs at least one chain: a devRpcUrl or chainRpcUrls')
  // Counted from the first RPC call on; the registry itself needs the database, which opens meanwhile.
  const rpcFailures: { count?: (chainId: number, kind: string) => void } = {}
  const rpcs = new Map(
    chains.map((active) => [
      active.chain.id,
      createChainRpc({
        chain: active.chain,
        urls: active.rpcUrls,
        onFailure: (kind) => rpcFailures.count?.(active.chain.id, kind),
      }),
    ]),
  )
  const clients = new Map<number, PublicClient>([...rpcs].map(([id, rpc]) => [id, rpc.client]))
  const assets = assetsOf(chains)
  const trustProxy = options.trustProxy ?? false
  const rpcRelays = new Map(
    chains.map(({ chain, rpcUrls }) => [
      `/rpc/${chain.id}`,
      createRpcRelay({ chainId: chain.id, urls: rpcUrls, perMinute: options.rpcRateLimitPerMinute ?? 600, trustProxy }),
    ]),
  )
  const clientConfig: ClientConfig = {
    chains: chains.map(({ chain, confirmations }) => ({
      id: chain.id,
      name: chain.name,
      nativeSymbol: chain.nativeCurrency.symbol,
      confirmations,
      rpcPath: `/rpc/${chain.id}`,
      explorerUrl: chain.blockExplorers?.default.url ?? null,
      testnet: chain.testnet === true,
    })),
    walletConnectProjectId: options.walletConnectProjectId ?? null,
    walletConnectRelayUrl: options.walletConnectRelayUrl ?? null,
  }
  const databaseReady = Promise.resolve(options.database)
  // A preview is a nicety: whatever fails, the page itself is still served.
  const payPagePreview = async (path: string) => {
    const id = /^\/pay\/([^/]+)$/.exec(path)?.[1]
    return id ? describePayPage((await databaseReady).db, assets, id).catch(() => undefined) : undefined
  }
  const [web, database] = await Promise.all([
    options.production
      ? createStaticWebApp(clientConfig, { previewOf: payPagePreview }).then((handler) => ({
          handler,
          close: async () => {},
        }))
      : createDevWebApp(clientConfig),
    options.database,
  ])

  // Until the routes exist (the URL they need comes from listening), a request is told to come back:
  // left unanswered it would hang, e.g. a load balancer's probe during a start.
  const routing: { handle?: (req: IncomingMessage, res: ServerResponse) => void } = {}
  const server = createServer((req, res) => {
    if (routing.handle) return routing.handle(req, res)
    res
      .writeHead(503, { 'retry-after': '1', connection: 'close', 'content-type': 'text/plain' })
      .end('Starting; try again in a moment.\n')
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, resolve)
  })
  const { port } = server.address() as AddressInfo
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  const url = `http://${host}:${port}`
  const publicUrl = new URL(options.publicUrl ?? url)

  // Answers in progress (the router's): live-status streams are counted for metrics and told to reconnect on drain.
  const inProgress: { active?: ReadonlySet<ServerResponse> } = {}
  const metrics = createMetrics({
    db: database.db,
    chains,
    openStreams: () => [...(inProgress.active ?? [])].filter(isEventStream).length,
  })
  rpcFailures.count = metrics.countRpcError

  const pubsub = createPubSub<ApiEvents>()
  // Status changes come through the database, so a watcher on any server reaches subscribers on all.
  // The payee's dashboard listens by payee: the API names the payee in the notice; for the
  // watcher's notices, one lookup per change and server, not per subscriber.
  await database.listen(REQUEST_UPDATED_CHANNEL, (payload) => {
    const [id = '', payee] = payload.split(' ')
    pubsub.publish(REQUEST_UPDATED, id, id)
    if (payee) return void pubsub.publish(PAYEE_REQUEST_UPDATED, payee.toLowerCase(), id)
    findPaymentRequest(database.db, id)
      .then((row) => row && pubsub.publish(PAYEE_REQUEST_UPDATED, row.payee.toLowerCase(), id))
      .catch((error: unknown) => log(`[api] could not tell the payee of request ${id} it changed: ${String(error)}`))
  })
  const sessions = await createSessionStore(database)
  const nonceLimiter = createRateLimiter({ perMinute: options.noncesPerMinute ?? 20 })
  const log = options.log ?? console.error
  const merchants = await startMerchantServices({
    database,
    secretKey: options.secretKey,
    webhooksAllowPrivate: options.webhooksAllowPrivate ?? false,
    deliverWebhooks: options.deliverWebhooks !== false,
    webhookDelivery: options.webhookDelivery,
    publicUrl: publicUrl.origin,
    log,
  })
  const { secrets, apiKeys } = merchants
  const announceRequestUpdate = (id: string, payee?: string) =>
    database.notify(REQUEST_UPDATED_CHANNEL, [requestUpdate(id, payee)])
  const restLimiter = createRateLimiter({ perMinute: options.rateLimitPerMinute ?? 600 })
  const api = createApi({
    secrets,
    apiKeys,
    db: database.db,
    sessions,
    production: options.production,
    limitNonces: (ip) => nonceLimiter.take(ip),
    observeOperation: (type, ok, seconds) => metrics.observeGraphql(type, ok, seconds),
    introspection: options.introspection,
    log: options.log,
    chains,
    clients,
    assets,
    pubsub,
    announceRequestUpdate,
    siwe: { domain: publicUrl.host, origin: publicUrl.origin, clients },
    auth: {
      nonceTtlMs: NONCE_TTL_MS,
      sessionTtlMs: SESSION_TTL_MS,
      secureCookies: publicUrl.protocol === 'https:' || !loopback.has(publicUrl.hostname),
      ...options.auth,
    },
  })
  const restApi = createRestApi({
    db: database.db,
    apiKeys,
    assets,
    clients,
    signAsDelegate: secrets.signAsDelegate,
    webhookSecrets: secrets.webhookSecrets,
    publicUrl: publicUrl.origin,
    limit: (key) => restLimiter.take(key),
    announceRequestUpdate,
    allowPrivate: secrets.webhooksAllowPrivate,
    log,
  })
  const csvExport = createCsvExport({ db: database.db, sessions, assets })
  const exportPaths = new Map<string, CsvExportKind>([
    ['/export/requests.csv', 'requests'],
    ['/export/payments.csv', 'payments'],
    ['/export/unmatched.csv', 'unmatched'],
  ])
  const graphql = createGraphqlHandler(api, {
    rateLimitPerMinute: options.rateLimitPerMinute ?? 600,
    trustProxy,
    appOrigin: publicUrl.origin,
  })

  let draining = false
  const watchers = options.watch === false ? undefined : startWatchers({ database, chains, rpcs, log })
  const health = createHealthChecks({
    db: database.db,
    leading: () => watchers?.leading() ?? [],
    draining: () => draining,
  })
  const routes = new Map<string, Handler>([
    ['/healthz', health.healthz],
    ['/readyz', guardRoute('/readyz', health.readyz, log)],
    ['/metrics', guardRoute('/metrics', metrics.handler(options.metricsToken), log)],
    ['/graphql', guardRoute('/graphql', graphql, log)],
    ...[...exportPaths].map(
      ([path, kind]) => [path, guardRoute(path, (req, res) => csvExport(req, res, kind), log)] as const,
    ),
    ...[...rpcRelays].map(([path, relay]) => [path, guardRoute(path, relay, log)] as const),
  ])
  const router = createRequestRouter({
    routes,
    prefixes: [[REST_PREFIX, guardRoute('/api/v1', restApi, log)]],
    fallback: guardRoute('web app', web.handler, log),
    headers: securityHeaders({
      production: options.production,
      https: publicUrl.protocol === 'https:',
      walletConnectRelayUrl: options.walletConnectRelayUrl,
    }),
    draining: () => draining,
    observe: (path, method, status, seconds) => metrics.observeHttp(routeKind(path), method, status, seconds),
    onRequestDone: options.onRequestDone,
  })
  inProgress.active = router.active
  routing.handle = router.handle

  const purge = () =>
    purgeExpiredAuth(database.db).catch((error: unknown) =>
      log(`[auth] purging expired nonces and sessions failed: ${String(error)}`),
    )
  void purge()
  const purging = setInterval(purge, PURGE_INTERVAL_MS).unref()

  const close = async () => {
    clearInterval(purging)
    await Promise.all([watchers?.stop(), merchants.close()])
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await web.close()
  }

  return {
    url,
    server,
    close,
    drain: async (timeoutMs = 10_000) => {
      draining = true
      await drainServer({
        server,
        active: router.active,
        stopWork: () => Promise.all([watchers?.stop(), merchants.stopDelivering()]),
        timeoutMs,
      })
      clearInterval(purging)
      await web.close()
    },
  }
}

/** A request-updated notice: the id, and the payee when the sender knows it (saves every server a lookup). */
const requestUpdate = (id: string, payee?: string) => (payee ? `${id} ${payee}` : id)

/** The route's kind for metrics: a bounded set, whatever paths clients make up. */
function routeKind(path: string): string {
  if (path.startsWith('/rpc/')) return '/rpc'
  if (path.startsWith('/export/')) return '/export'
  if (path.startsWith('/api/v1/')) return '/api/v1'
  if (['/graphql', '/healthz', '/readyz', '/metrics'].includes(path)) return path
  if (path.startsWith('/assets/') || path.startsWith('/walletconnect/')) return '/assets'
  return 'page'
}

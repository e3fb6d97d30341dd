import type { Server, ServerResponse } from 'node:http'
import type { AuthSettings } from '../api/graphql/context.ts'
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { createWatcherWorker, type LeaseSettings } from '../watcher/watcherWorker.ts'
import type { Database } from '../db/createDatabase.ts'
import { drainServer, isEventStream } from '../http/drainServer.ts'
import type { RequestRecord } from '../http/requestRouter.ts'
import { runWorkers } from './backgroundWorkers.ts'
import { clientConfigOf, connectChains } from './chainConnections.ts'
import { deploymentRateLimiters } from './rateLimits.ts'
import { createHousekeeping } from './housekeeping.ts'
import { createAppraiser } from '../payments/quotes/appraiserWorker.ts'
import { createScheduleIssuer } from '../merchants/schedules/scheduleWorker.ts'
import { createJournalConsumer } from '../notifications/journal/journalConsumer.ts'
import { listen } from './listen.ts'
import { bridgeLiveUpdates } from './liveUpdates.ts'
import { startMerchantServices, type MerchantServiceOptions } from './merchantServices.ts'
import { createHealthChecks } from './ops/health.ts'
import { createMetrics } from './ops/metrics.ts'
import { describePayPage } from './payPagePreview.ts'
import { createRoutes } from './routes.ts'
import { createTransports } from './transports.ts'
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

export type StartServerParameters = MerchantServiceOptions & {
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
  /** How the servers share the chains' watchers (tests shorten it). */
  leases?: Partial<LeaseSettings> | undefined
  rateLimitPerMinute?: number
  /** Days webhook history is kept (RETENTION_DAYS); 0 keeps it forever. Default 30. */
  retentionDays?: number
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
  /** How long a price quote holds, in minutes (QUOTE_MINUTES). */
  quoteMinutes?: number | undefined
}

/** One HTTP server for everything: the app, /graphql, the REST API, the RPC proxy, and the background workers. */
export async function startServer(options: StartServerParameters): Promise<RunningServer> {
  const log = options.log ?? console.error
  const trustProxy = options.trustProxy ?? false
  const databaseReady = Promise.resolve(options.database)
  const limiters = deploymentRateLimiters(databaseReady)
  const chains = connectChains({ ...options, trustProxy, limiters })
  const [web, database] = await Promise.all([openWebApp(options, chains, databaseReady), databaseReady])
  const listening = await listen({ host: options.host, port: options.port, publicUrl: options.publicUrl })
  const { server, publicUrl } = listening
  // Answers in progress (the router's): live-status streams are counted for metrics and told to reconnect on drain.
  const inProgress: { active?: ReadonlySet<ServerResponse> } = {}
  // This process among the servers: in server_heartbeats, on /readyz and in /metrics.
  const serverId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`
  const running: { watchers?: ReturnType<typeof createWatcherWorker> } = {}
  const metrics = createMetrics({
    db: database.db,
    databaseStatus: database.status,
    chains: chains.chains,
    openStreams: () => [...(inProgress.active ?? [])].filter(isEventStream).length,
    serverId,
    watching: () => running.watchers?.leading().map((l) => l.chainId) ?? [],
  })
  chains.countRpcFailures(metrics.countRpcError)
  const live = await bridgeLiveUpdates(database, log)
  const merchants = await startMerchantServices(options, {
    database,
    publicUrl: publicUrl.origin,
    log,
    chains,
    announceRequestUpdate: live.announceRequestUpdate,
  })
  const transports = await createTransports(
    { ...options, trustProxy },
    { database, chains, merchants, metrics, live, publicUrl, log, limiters },
  )
  const watchers =
    options.watch === false
      ? undefined
      : createWatcherWorker({
          database,
          chains: chains.chains,
          rpcs: chains.rpcs,
          log,
          serverId,
          leases: options.leases,
        })
  running.watchers = watchers
  let draining = false
  const health = createHealthChecks({
    db: database.db,
    databaseStatus: database.status,
    serverId,
    leading: () => watchers?.leading() ?? [],
    draining: () => draining,
  })
  const router = createRoutes(
    { transports, relays: chains.relays, health, metrics, web: web.handler, log },
    { ...options, https: publicUrl.protocol === 'https:', draining: () => draining },
  )
  inProgress.active = router.active
  listening.serve(router.handle)
  const workers = runWorkers([
    watchers,
    createJournalConsumer(database, log),
    merchants.webhookDelivery,
    merchants.relayMonitor,
    ...merchants.email.workers,
    createHousekeeping(database, log, { retentionDays: options.retentionDays ?? 30 }),
    createAppraiser(database, {
      chainOf: (chainId) => chains.chains.find((c) => c.chain.id === chainId),
      clientOf: (chainId) => chains.clients.get(chainId),
      assets: chains.assets,
      log,
    }),
    createScheduleIssuer(database, {
      signAsDelegate: merchants.secrets.signAsDelegate,
      assets: chains.assets,
      client: (chainId) => chains.clients.get(chainId),
      log,
    }),
  ])

  return {
    url: listening.url,
    server,
    close: async () => {
      await workers.stop()
      await merchants.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await web.close()
    },
    drain: async (timeoutMs = 10_000) => {
      draining = true
      await drainServer({ server, active: router.active, stopWork: workers.drain, timeoutMs })
      await web.close()
    },
  }
}

/** The web app: Vite with hot reload in development, the build (with pay links' previews) in production. */
async function openWebApp(
  options: StartServerParameters,
  chains: ReturnType<typeof connectChains>,
  database: Promise<Database>,
) {
  const clientConfig = clientConfigOf(
    chains.chains,
    { projectId: options.walletConnectProjectId, relayUrl: options.walletConnectRelayUrl },
    options.publicUrl,
  )
  if (!options.production) return createDevWebApp(clientConfig)
  // A preview is a nicety: whatever fails, the page itself is still served.
  const previewOf = async (path: string) => {
    const id = /^\/pay\/([^/]+)$/.exec(path)?.[1]
    return id ? describePayPage((await database).reads(), chains.assets, id).catch(() => undefined) : undefined
  }
  return { handler: await createStaticWebApp(clientConfig, { previewOf }), close: async () => {} }
}

import type { Server, ServerResponse } from 'node:http'
import type { AuthSettings } from '../api/graphql/context.ts'
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Database } from '../db/createDatabase.ts'
import { systemClock, type Clock } from '../domain/clock.ts'
import { lineLogger, type Logger } from '../domain/logger.ts'
import { drainServer, isEventStream } from '../http/drainServer.ts'
import type { RequestRecord } from '../http/requestRouter.ts'
import { clientConfigOf, connectChains } from './chainConnections.ts'
import { deploymentRateLimiters } from './rateLimits.ts'
import { listen } from './listen.ts'
import { bridgeLiveUpdates } from './liveUpdates.ts'
import { createHealthChecks } from './ops/health.ts'
import { createMetrics } from './ops/metrics.ts'
import { describePayPage } from './payPagePreview.ts'
import { createRoutes } from './routes.ts'
import { buildServices, type MailSettings, type SecretSettings } from './services.ts'
import { createTransports } from './transports.ts'
import { createDevWebApp, createStaticWebApp } from './webApp.ts'
import { workerSettingsOf, type WorkerOverrides } from './workerSettings.ts'
import { createWorkers } from './workers.ts'

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

export type StartServerParameters = SecretSettings &
  MailSettings &
  WorkerOverrides & {
    host: string
    port: number
    /** May still be opening: the web app's tooling starts meanwhile. */
    database: Database | Promise<Database>
    /** The dev chain's RPC; unset means the dev chain is not offered. */
    devRpcUrl?: string | readonly string[] | undefined
    /** RPC_URL_<chainId> of the public chains to accept: one URL or several for failover. */
    chainRpcUrls?: Readonly<Record<number, string | readonly string[]>>
    production: boolean
    walletConnectProjectId?: string | undefined
    walletConnectRelayUrl?: string | undefined
    /** The origin people use to reach the app; sign-in messages must name it. Defaults to the listening URL. */
    publicUrl?: string | undefined
    rateLimitPerMinute?: number
    /** Sign-in nonces one client may ask for per minute (each is a row until it expires). */
    noncesPerMinute?: number
    /** GraphQL schema introspection; by default on in development only. */
    introspection?: boolean | undefined
    /** JSON-RPC calls per client and minute through /rpc/<chainId>. */
    rpcRateLimitPerMinute?: number
    trustProxy?: boolean
    auth?: Partial<AuthSettings>
    /** Where every part of the server logs; by default text on stderr. */
    logger?: Logger
    clock?: Clock
    /** Called once per finished request (the access log). */
    onRequestDone?: (record: RequestRecord) => void
    /** Bearer token for /metrics; unset turns metrics off. */
    metricsToken?: string | undefined
    /** How long a price quote holds, in minutes (QUOTE_MINUTES). */
    quoteMinutes?: number | undefined
    /** Where CCTP attestations are read; unset, Circle's Iris. */
    cctpIrisUrl?: string | undefined
  }

/** One HTTP server for everything: the app, /graphql, the REST API, the RPC proxy, and the background workers. */
export async function startServer(options: StartServerParameters): Promise<RunningServer> {
  const logger = options.logger ?? lineLogger(console.error)
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
  const running: { workers?: ReturnType<typeof createWorkers> } = {}
  const metrics = createMetrics({
    db: database.db,
    databaseStatus: database.status,
    chains: chains.chains,
    openStreams: () => [...(inProgress.active ?? [])].filter(isEventStream).length,
    serverId,
    watching: () => running.workers?.leading().map((l) => l.chainId) ?? [],
  })
  chains.countRpcFailures(metrics.countRpcError)
  const live = await bridgeLiveUpdates(database, logger)
  const clock = options.clock ?? systemClock
  const services = await buildServices(options, { logger, clock, database, chains, live, publicUrl })
  const transports = await createTransports({ ...options, trustProxy }, services, { metrics, limiters })
  const workers = createWorkers(services, workerSettingsOf(options), serverId)
  running.workers = workers
  let draining = false
  const health = createHealthChecks({
    db: database.db,
    databaseStatus: database.status,
    serverId,
    leading: workers.leading,
    draining: () => draining,
  })
  const router = createRoutes(
    { transports, relays: chains.relays, health, metrics, web: web.handler, logger },
    { ...options, https: publicUrl.protocol === 'https:', draining: () => draining },
  )
  inProgress.active = router.active
  listening.serve(router.handle)
  workers.start()

  return {
    url: listening.url,
    server,
    close: async () => {
      await workers.stop()
      await services.close()
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

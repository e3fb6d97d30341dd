import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPubSub } from 'graphql-yoga'
import type { PublicClient } from 'viem'
import { createChainRpc } from '../chain/rpc/chainRpc.ts'
import { createCsvExport, type CsvExportKind } from '../api/exports/csvExport.ts'
import { createApi } from '../api/createApi.ts'
import { REQUEST_UPDATED } from '../api/payments/paymentRequestSchema.ts'
import { NONCE_TTL_MS } from '../api/auth/nonces.ts'
import { purgeExpiredAuth } from '../api/auth/purgeExpired.ts'
import { createSessionStore } from '../api/auth/sessionStore.ts'
import type { AuthSettings } from '../api/context.ts'
import { activeChains, assetsOf, DEV_CHAIN_ID } from '../chain/chains.ts'
import type { Database } from '../db/createDatabase.ts'
import { REQUEST_UPDATED_CHANNEL } from '../db/notificationChannels.ts'
import { startWatchers } from '../chain/watcher/startWatchers.ts'
import type { ClientConfig } from '../domain/clientConfig.ts'
import { createGraphqlHandler } from './http/graphqlHandler.ts'
import { guardRoute } from './http/guardRoute.ts'
import { createRateLimiter } from './http/rateLimiter.ts'
import { securityHeaders } from './http/securityHeaders.ts'
import { createRpcRelay } from './rpcRelay/rpcRelay.ts'
import { createDevWebApp, createStaticWebApp } from './webApp.ts'

export type RunningServer = { url: string; server: Server; close(): Promise<void> }

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
}

const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
const PURGE_INTERVAL_MS = 10 * 60 * 1000
const loopback = new Set(['localhost', '127.0.0.1', '[::1]'])

/** One HTTP server for everything the browser needs: the app, /graphql and the dev chain's RPC. */
export async function startServer(options: StartServerParameters): Promise<RunningServer> {
  const chains = activeChains({ ...options.chainRpcUrls, [DEV_CHAIN_ID]: options.devRpcUrl })
  if (chains.length === 0) throw new Error('startServer needs at least one chain: a devRpcUrl or chainRpcUrls')
  const rpcs = new Map(chains.map((active) => [active.chain.id, createChainRpc({ chain: active.chain, urls: active.rpcUrls })]))
  const clients = new Map<number, PublicClient>([...rpcs].map(([id, rpc]) => [id, rpc.client]))
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
  const [web, database] = await Promise.all([
    options.production ? createStaticWebApp(clientConfig).then((handler) => ({ handler, close: async () => {} })) : createDevWebApp(clientConfig),
    options.database,
  ])

  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, resolve)
  })
  const { port } = server.address() as AddressInfo
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  const url = `http://${host}:${port}`
  const publicUrl = new URL(options.publicUrl ?? url)

  const pubsub = createPubSub<{ paymentRequestUpdated: [id: string, payload: string] }>()
  // Status changes come through the database, so a watcher on any server reaches subscribers on all.
  await database.listen(REQUEST_UPDATED_CHANNEL, (id) => pubsub.publish(REQUEST_UPDATED, id, id))
  const sessions = await createSessionStore(database)
  const nonceLimiter = createRateLimiter({ perMinute: options.noncesPerMinute ?? 20 })
  const api = createApi({
    db: database.db,
    sessions,
    production: options.production,
    limitNonces: (ip) => nonceLimiter.take(ip),
    introspection: options.introspection,
    log: options.log,
    chains,
    clients,
    assets: assetsOf(chains),
    pubsub,
    announceRequestUpdate: (id) => database.notify(REQUEST_UPDATED_CHANNEL, [id]),
    siwe: { domain: publicUrl.host, origin: publicUrl.origin, clients },
    auth: {
      nonceTtlMs: NONCE_TTL_MS,
      sessionTtlMs: SESSION_TTL_MS,
      secureCookies: publicUrl.protocol === 'https:' || !loopback.has(publicUrl.hostname),
      ...options.auth,
    },
  })
  const csvExport = createCsvExport({ db: database.db, sessions, assets: assetsOf(chains) })
  const exportPaths = new Map<string, CsvExportKind>([
    ['/export/requests.csv', 'requests'],
    ['/export/payments.csv', 'payments'],
    ['/export/unmatched.csv', 'unmatched'],
  ])
  const graphql = createGraphqlHandler(api, { rateLimitPerMinute: options.rateLimitPerMinute ?? 600, trustProxy, appOrigin: publicUrl.origin })

  const log = options.log ?? console.error
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => unknown>([
    ['/graphql', guardRoute('/graphql', graphql, log)],
    ...[...exportPaths].map(([path, kind]) => [path, guardRoute(path, (req, res) => csvExport(req, res, kind), log)] as const),
    ...[...rpcRelays].map(([path, relay]) => [path, guardRoute(path, relay, log)] as const),
  ])
  const webApp = guardRoute('web app', web.handler, log)
  const headers = securityHeaders({ production: options.production, https: publicUrl.protocol === 'https:', walletConnectRelayUrl: options.walletConnectRelayUrl })
  server.on('request', (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    // Every answer carries the id its log lines use, so a person reporting a failure can quote it.
    res.setHeader('x-request-id', randomUUID())
    const route = routes.get(new URL(req.url ?? '/', 'http://x').pathname) ?? webApp
    route(req, res)
  })

  const watchers = options.watch === false ? undefined : startWatchers({ database, chains, rpcs, log })
  const purge = () => purgeExpiredAuth(database.db).catch((error: unknown) => log(`[auth] purging expired nonces and sessions failed: ${String(error)}`))
  void purge()
  const purging = setInterval(purge, PURGE_INTERVAL_MS).unref()

  return {
    url,
    server,
    close: async () => {
      clearInterval(purging)
      await watchers?.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await web.close()
    },
  }
}

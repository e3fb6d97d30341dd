import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, http, type PublicClient } from 'viem'
import { createApi } from '../api/createApi.ts'
import { NONCE_TTL_MS } from '../api/auth/nonces.ts'
import { createSessionStore } from '../api/auth/sessionStore.ts'
import type { AuthSettings } from '../api/context.ts'
import { DEV_CHAIN_ID, devChain } from '../chain/chains.ts'
import type { Database } from '../db/createDatabase.ts'
import type { ClientConfig } from '../domain/clientConfig.ts'
import { createGraphqlHandler } from './graphqlHandler.ts'
import { createRpcProxy } from './rpcProxy.ts'
import { createDevWebApp, createStaticWebApp } from './webApp.ts'

export type RunningServer = { url: string; server: Server; close(): Promise<void> }

export type StartServerParameters = {
  host: string
  port: number
  /** May still be opening: the web app's tooling starts meanwhile. */
  database: Database | Promise<Database>
  devRpcUrl: string
  production: boolean
  walletConnectProjectId?: string | undefined
  walletConnectRelayUrl?: string | undefined
  /** The origin people use to reach the app; sign-in messages must name it. Defaults to the listening URL. */
  publicUrl?: string | undefined
  rateLimitPerMinute?: number
  trustProxy?: boolean
  auth?: Partial<AuthSettings>
  log?: (line: string) => void
}

const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
const loopback = new Set(['localhost', '127.0.0.1', '[::1]'])

/** One HTTP server for everything the browser needs: the app, /graphql and the dev chain's RPC. */
export async function startServer(options: StartServerParameters): Promise<RunningServer> {
  const rpcPath = `/rpc/${DEV_CHAIN_ID}`
  const clientConfig: ClientConfig = {
    devRpcUrl: rpcPath,
    walletConnectProjectId: options.walletConnectProjectId ?? null,
    walletConnectRelayUrl: options.walletConnectRelayUrl ?? null,
  }
  const [web, database] = await Promise.all([
    options.production ? createStaticWebApp(clientConfig).then((handler) => ({ handler, close: async () => {} })) : createDevWebApp(clientConfig),
    options.database,
  ])
  const rpc = createRpcProxy(options.devRpcUrl)

  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, resolve)
  })
  const { port } = server.address() as AddressInfo
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  const url = `http://${host}:${port}`
  const publicUrl = new URL(options.publicUrl ?? url)

  const chain = devChain(options.devRpcUrl)
  const api = createApi({
    db: database.db,
    sessions: await createSessionStore(database),
    production: options.production,
    log: options.log,
    chains: [{ id: chain.id, name: chain.name, nativeSymbol: chain.nativeCurrency.symbol }],
    siwe: {
      domain: publicUrl.host,
      origin: publicUrl.origin,
      clients: new Map<number, PublicClient>([[chain.id, createPublicClient({ chain, transport: http(options.devRpcUrl) }) as PublicClient]]),
    },
    auth: {
      nonceTtlMs: NONCE_TTL_MS,
      sessionTtlMs: SESSION_TTL_MS,
      secureCookies: publicUrl.protocol === 'https:' || !loopback.has(publicUrl.hostname),
      ...options.auth,
    },
  })
  const graphql = createGraphqlHandler(api, { rateLimitPerMinute: options.rateLimitPerMinute ?? 600, trustProxy: options.trustProxy ?? false })

  server.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === '/graphql') return void graphql(req, res)
    if (path === rpcPath) return void rpc(req, res)
    web.handler(req, res)
  })

  return {
    url,
    server,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await web.close()
    },
  }
}

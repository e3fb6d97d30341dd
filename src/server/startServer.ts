import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEV_CHAIN_ID } from '../chain/chains.ts'
import type { ClientConfig } from '../domain/clientConfig.ts'
import { createRpcProxy } from './rpcProxy.ts'
import { createDevWebApp, createStaticWebApp } from './webApp.ts'

export type RunningServer = { url: string; server: Server; close(): Promise<void> }

/** One HTTP server for everything the browser needs: the app and the dev chain's RPC. */
export async function startServer(options: {
  host: string
  port: number
  devRpcUrl: string
  walletConnectProjectId: string | undefined
  walletConnectRelayUrl?: string | undefined
  production: boolean
}): Promise<RunningServer> {
  const rpcPath = `/rpc/${DEV_CHAIN_ID}`
  const clientConfig: ClientConfig = {
    devRpcUrl: rpcPath,
    walletConnectProjectId: options.walletConnectProjectId ?? null,
    walletConnectRelayUrl: options.walletConnectRelayUrl ?? null,
  }
  const web = options.production ? { handler: await createStaticWebApp(clientConfig), close: async () => {} } : await createDevWebApp(clientConfig)
  const rpc = createRpcProxy(options.devRpcUrl)
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === rpcPath) return void rpc(req, res)
    web.handler(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, resolve)
  })
  const { port } = server.address() as AddressInfo
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  return {
    url: `http://${host}:${port}`,
    server,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await web.close()
    },
  }
}

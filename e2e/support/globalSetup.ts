import type { TestProject } from 'vitest/node'
import { startAnvil } from '../../src/chain/devnet/startAnvil.ts'
import { startServer } from '../../src/server/startServer.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string
    anvilUrl: string
  }
}

/** One dev chain and one production-mode server for the whole suite, on ports of their own. */
export default async function setup(project: TestProject) {
  const anvil = await startAnvil({ port: Number(process.env.E2E_ANVIL_PORT ?? 8555) })
  const server = await startServer({ host: '127.0.0.1', port: 0, devRpcUrl: anvil.rpcUrl, walletConnectProjectId: undefined, production: true })
  project.provide('appUrl', server.url)
  project.provide('anvilUrl', anvil.rpcUrl)
  return async () => {
    await server.close()
    await anvil.stop()
  }
}

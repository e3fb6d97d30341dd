import type { TestProject } from 'vitest/node'
import { setUpDevChain } from '../../src/chain/devnet/setUpDevChain.ts'
import { startAnvil } from '../../src/chain/devnet/startAnvil.ts'
import { startTestApp } from '../../testing/startTestApp.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string
    anvilUrl: string
  }
}

/** One dev chain and one production-mode server for the whole suite, on ports of their own. */
export default async function setup(project: TestProject) {
  const anvil = await startAnvil({ port: Number(process.env.E2E_ANVIL_PORT ?? 8555) })
  await setUpDevChain(anvil.rpcUrl)
  const app = await startTestApp({ anvilUrl: anvil.rpcUrl })
  project.provide('appUrl', app.url)
  project.provide('anvilUrl', anvil.rpcUrl)
  return async () => {
    await app.close()
    await anvil.stop()
  }
}

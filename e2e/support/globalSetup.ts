import type { TestProject } from 'vitest/node'
import { setUpDevChain } from '../../src/chain/devnet/setUpDevChain.ts'
import { startAnvil } from '../../src/chain/devnet/startAnvil.ts'
import { refreshPgliteTemplate } from '../../testing/pgliteTemplate.ts'
import { startTestApp } from '../../testing/startTestApp.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string
    anvilUrl: string
  }
}

/** One dev chain and one production-mode server for the whole suite, on ports of their own. */
export default async function setup(project: TestProject) {
  await refreshPgliteTemplate()
  const anvil = await startAnvil({ port: Number(process.env.E2E_ANVIL_PORT ?? 8555) })
  await setUpDevChain(anvil.rpcUrl)
  // The example shop runs beside it on loopback: its webhooks and return address are local.
  const app = await startTestApp({
    anvilUrl: anvil.rpcUrl,
    webhooksAllowPrivate: true,
    webhookDelivery: { pollMs: 200 },
  })
  project.provide('appUrl', app.url)
  project.provide('anvilUrl', anvil.rpcUrl)
  return async () => {
    await app.close()
    await anvil.stop()
  }
}

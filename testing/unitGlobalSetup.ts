import type { TestProject } from 'vitest/node'
import { setUpDevChain } from '../src/chain/devnet/setUpDevChain.ts'
import { startAnvil } from '../src/chain/devnet/startAnvil.ts'
import { refreshPgliteTemplate } from './pgliteTemplate.ts'
import { postgresUnavailableReason, startPostgresServer } from './postgresServer.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    anvilUrl: string
    /** Empty when no PostgreSQL server could be started; `postgresSkipReason` says why. */
    postgresUrl: string
    postgresSkipReason: string
  }
}

/** One Anvil and one PostgreSQL server for the unit and API tests, on ports of their own. */
export default async function setup(project: TestProject) {
  await refreshPgliteTemplate()
  const anvil = await startAnvil({ port: Number(process.env.TEST_ANVIL_PORT ?? 8556) })
  await setUpDevChain(anvil.rpcUrl)
  project.provide('anvilUrl', anvil.rpcUrl)
  const reason = postgresUnavailableReason()
  const postgres = reason ? undefined : await startPostgresServer()
  if (reason) console.warn(`\nPostgreSQL leg SKIPPED: ${reason}. The data layer was tested on PGlite only.\n`)
  project.provide('postgresUrl', postgres?.url ?? '')
  project.provide('postgresSkipReason', reason ?? '')
  return async () => {
    await postgres?.stop()
    await anvil.stop()
  }
}

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { print } from 'graphql'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { createApiKey } from '../src/api/testing/merchantClient.ts'
import { startAnvil } from '../src/chain/devnet/startAnvil.ts'
import { createDatabase } from '../src/db/createDatabase.ts'
import { DashboardQuery } from '../src/web/payee/dashboardOperations.ts'
import { createFreshDatabase, postgresUnavailableReason, startPostgresServer } from '../testing/postgresServer.ts'
import { startApiServerProcess } from './apiBench.ts'
import { seed } from './dashboardBench.ts'
import { steadyLoad } from './steadyLoad.ts'

const RATE = 300
const searches = [
  ['common', 'Invoice 12'],
  ['rare', 'Invoice 4321'],
] as const

/**
 * Memo search under a steady 300 requests a second (open loop), on the dashboard's GraphQL query and
 * the REST list, on PostgreSQL and on PGlite: the dashboard bench's year of requests (10,000 of the
 * payee among 40,000), each database in the API server's own process.
 */
export async function runSearchBenchmarks() {
  console.log(
    `\nMemo search at a steady ${RATE} req/s (open loop, 8 s a line; 10,000 requests of the payee among 40,000; goal p99 ≤ 50 ms)`,
  )
  const anvil = await startAnvil({ port: 8572 })
  try {
    const reason = postgresUnavailableReason()
    if (reason) console.log(`  PostgreSQL SKIPPED: ${reason}`)
    else {
      const server = await startPostgresServer()
      try {
        const url = await createFreshDatabase(server.url)
        const database = await createDatabase({ url })
        await seed(database)
        await database.close()
        await searchUnderLoad('PostgreSQL', { RPC_URL: anvil.rpcUrl, DATABASE_URL: url })
      } finally {
        await server.stop()
      }
    }
    const folder = mkdtempSync(join(tmpdir(), 'billfold-search-'))
    try {
      const database = await createDatabase({ dataDir: folder })
      await seed(database)
      await database.close()
      await searchUnderLoad('PGlite', { RPC_URL: anvil.rpcUrl, DATA_DIR: folder })
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  } finally {
    await anvil.stop()
  }
}

async function searchUnderLoad(name: string, env: { RPC_URL: string; DATABASE_URL?: string; DATA_DIR?: string }) {
  const api = await startApiServerProcess(env)
  try {
    const { cookie } = await signIn(api.url, alice)
    const secret = (await createApiKey(api.url, cookie, alice)).data!.createApiKey.secret
    const query = print(DashboardQuery)
    const ways = searches.flatMap(([kind, text]) => [
      {
        label: `dashboard (GraphQL), ${kind}`,
        url: `${api.url}/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie } as Record<string, string>,
        body: JSON.stringify({ query, variables: { first: 25, filter: { search: text } } }),
      },
      {
        label: `REST list, ${kind}`,
        url: `${api.url}/api/v1/payment-requests?limit=25&search=${encodeURIComponent(text)}`,
        method: 'GET',
        headers: { authorization: `Bearer ${secret}` } as Record<string, string>,
        body: '',
      },
    ])
    // A moment of the same load first, so that neither the server's code nor the database's caches are cold.
    await steadyLoad({ ...ways[0]!, rate: RATE, durationMs: 2000 })
    for (const way of ways) {
      const r = await steadyLoad({ ...way, rate: RATE, durationMs: 8000 })
      const failed = r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ''
      console.log(
        `  ${name.padEnd(10)} ${way.label.padEnd(28)} ${Math.round(r.perSecond).toString().padStart(4)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms${failed}`,
      )
    }
  } finally {
    await api.stop()
  }
}

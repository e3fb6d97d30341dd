import { startAnvil } from '../src/chain/devnet/startAnvil.ts'
import { createFreshDatabase, postgresUnavailableReason, startPostgresServer } from '../testing/postgresServer.ts'
import { benchApi, benchColdStart } from './apiBench.ts'
import { median } from './stats.ts'

/** The API figures: load on PGlite and PostgreSQL, and npm start's cold start. */
export async function runApiBenchmarks() {
  console.log('\nGraphQL over HTTP (autocannon, 8 s per line; server in its own process; goal on PostgreSQL ≥ 3,000 req/s, p99 ≤ 20 ms)')
  const anvil = await startAnvil({ port: 8566 })
  try {
    await benchApi('PGlite', { RPC_URL: anvil.rpcUrl })
    const reason = postgresUnavailableReason()
    if (reason) console.log(`  PostgreSQL SKIPPED: ${reason}`)
    else {
      const postgres = await startPostgresServer()
      try {
        await benchApi('PostgreSQL', { RPC_URL: anvil.rpcUrl, DATABASE_URL: await createFreshDatabase(postgres.url) })
      } finally {
        await postgres.stop()
      }
    }
  } finally {
    await anvil.stop()
  }
  console.log('\nCold start: npm start → first 200 on /graphql (goal ≤ 5 s; 3 runs each)')
  const times = await benchColdStart(3)
  const line = (values: number[]) => `${values.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}   median ${(median(values) / 1000).toFixed(2)} s`
  console.log(`  first start, new data folder     ${line(times.first)}`)
  console.log(`  restart, existing data folder    ${line(times.restart)}`)
}

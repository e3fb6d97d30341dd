import { startAnvil } from '../src/chain/devnet/startAnvil.ts'
import { createFreshDatabase, postgresUnavailableReason, startPostgresServer } from '../testing/postgresServer.ts'
import { benchApi, benchColdStart, benchProductionStart, benchRpcProxy } from './apiBench.ts'
import { median, ms } from './stats.ts'

const line = (values: number[]) =>
  `${values.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}   median ${(median(values) / 1000).toFixed(2)} s`

/** The API figures: load on PGlite and PostgreSQL, the production server's start, the RPC proxy's cost, and npm start's cold start. */
export async function runApiBenchmarks() {
  console.log(
    '\nGraphQL over HTTP (autocannon, 8 s per line; server in its own process; goal on PostgreSQL ≥ 3,000 req/s, p99 ≤ 20 ms)',
  )
  const anvil = await startAnvil({ port: 8566 })
  try {
    await benchApi('PGlite', { RPC_URL: anvil.rpcUrl })
    const reason = postgresUnavailableReason()
    if (reason) console.log(`  PostgreSQL SKIPPED: ${reason}`)
    else {
      const postgres = await startPostgresServer()
      try {
        await benchApi('PostgreSQL', { RPC_URL: anvil.rpcUrl, DATABASE_URL: await createFreshDatabase(postgres.url) })
        // The same server before this round's headers, CSRF checks, metrics and access log, on this machine.
        console.log(
          '  previous   PostgreSQL   me 2,903 req/s p99 10 ms (10 connections), 3,339 req/s p99 22 ms (32); public query 3,153/9 ms, 3,575/20 ms',
        )
        const production = await benchProductionStart(anvil.rpcUrl, 3, () => createFreshDatabase(postgres.url))
        console.log(
          '\nProduction server (node dist/server/main.js) → first 200 on /readyz, PostgreSQL (goal: first ≤ 3 s, restart ≤ 2 s; 3 runs each)',
        )
        console.log(`  first start, empty database      ${line(production.first)}`)
        console.log(`  restart                          ${line(production.restart)}`)
      } finally {
        await postgres.stop()
      }
    }
    const production = await benchProductionStart(anvil.rpcUrl, 3)
    console.log(
      '\nProduction server (node dist/server/main.js) → first 200 on /readyz, PGlite (goal: first ≤ 3 s, restart ≤ 2 s; 3 runs each)',
    )
    console.log(`  first start, new data folder     ${line(production.first)}`)
    console.log(`  restart, existing data folder    ${line(production.restart)}`)
    console.log('\nRPC proxy: eth_call through /rpc/31337 against straight to the node (500 sequential calls each)')
    const relay = await benchRpcProxy(anvil.rpcUrl)
    console.log(`  direct     p50 ${ms(relay.direct.p50)}   p99 ${ms(relay.direct.p99)}`)
    console.log(`  relayed    p50 ${ms(relay.relayed.p50)}   p99 ${ms(relay.relayed.p99)}`)
    console.log(
      `  added      p50 ${ms(relay.relayed.p50 - relay.direct.p50)}   p99 ${ms(relay.relayed.p99 - relay.direct.p99)}`,
    )
  } finally {
    await anvil.stop()
  }
  console.log('\nCold start: npm start → first 200 on /graphql (goal ≤ 4 s first, ≤ 3 s restart; 3 runs each)')
  const times = await benchColdStart(3)
  console.log(`  first start, new data folder     ${line(times.first)}`)
  console.log(`  restart, existing data folder    ${line(times.restart)}`)
}

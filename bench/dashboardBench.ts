import { print } from 'graphql'
import postgres from 'postgres'
import { desc, eq, sql } from 'drizzle-orm'
import { privateKeyToAccount } from 'viem/accounts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { startAnvil } from '../src/chain/devnet/startAnvil.ts'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { encodeCursor } from '../src/payments/requestFilter.ts'
import { requestPageQuery } from '../src/payments/repository/requestListing.ts'
import { createDatabase, type Database } from '../src/db/createDatabase.ts'
import { paymentRequests, payments } from '../src/db/schema.ts'
import { newPaymentReference } from '../src/domain/paymentReference.ts'
import { DashboardQuery } from '../src/web/payee/dashboardOperations.ts'
import { launchWithDevWallet, withDevWallet } from '../e2e/support/chromium.ts'
import { createFreshDatabase, postgresUnavailableReason, startPostgresServer } from '../testing/postgresServer.ts'
import { load, startApiServerProcess } from './apiBench.ts'
import { median, ms } from './stats.ts'

const PAYEE_REQUESTS = 10_000
const OTHER_REQUESTS = 30_000
const others = Array.from(
  { length: 50 },
  (_, i) => privateKeyToAccount(`0x${(i + 1).toString(16).padStart(64, '0')}`).address,
)

/** A year of requests: the payee's 10,000 among 30,000 of 50 other payees; most paid, with their payment. */
export async function seed(database: Database) {
  const year = 365 * 24 * 3600 * 1000
  const now = Date.now()
  for (let start = 0; start < PAYEE_REQUESTS + OTHER_REQUESTS; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, j) => {
      const i = start + j
      const createdAt = new Date(now - Math.floor((((i * 7919) % 1000) / 1000) * year) - i)
      const paid = i % 10 < 6
      const dueAt = new Date(createdAt.getTime() + 14 * 86_400_000)
      return {
        id: `bench${String(i).padStart(11, '0')}`,
        chainId: 31337,
        asset: DEV_USDC_ADDRESS,
        symbol: 'USDC',
        decimals: 6,
        amount: String(1_000_000 + i),
        payee: i < PAYEE_REQUESTS ? alice.address : others[i % others.length]!,
        memo: `Invoice ${i}`,
        dueAt,
        reference: newPaymentReference(),
        signature: '0x',
        // As the watcher would have left them, so that it has nothing to catch up on while measured.
        status: paid ? 'paid' : dueAt.getTime() > now ? 'open' : 'expired',
        received: paid ? String(1_000_000 + i) : '0',
        paidAt: paid ? new Date(createdAt.getTime() + 86_400_000) : null,
        createdBlock: 0n,
        createdAt,
      }
    })
    await database.db.insert(paymentRequests).values(rows)
    const paidRows = rows.filter((r) => r.status === 'paid')
    await database.db.insert(payments).values(
      paidRows.map((r, k) => ({
        chainId: 31337,
        txHash: `0x${(start * 1000 + k).toString(16).padStart(64, '0')}`,
        logIndex: 0,
        requestId: r.id,
        fromAddress: others[k % others.length]!,
        amount: r.amount,
        blockNumber: BigInt(start + k),
        blockHash: `0x${'b'.repeat(64)}`,
        blockTime: r.paidAt!,
      })),
    )
  }
  await database.db.execute(sql`analyze`)
}

/** The list query under load, and the dashboard's first page painted after a page load, on PostgreSQL. */
export async function runDashboardBenchmarks() {
  console.log(
    `\nDashboard: ${PAYEE_REQUESTS.toLocaleString('en')} requests of one payee among ${(PAYEE_REQUESTS + OTHER_REQUESTS).toLocaleString('en')} on PostgreSQL (goal: list p99 ≤ 25 ms under load, first page on screen ≤ 300 ms after navigation)`,
  )
  const reason = postgresUnavailableReason()
  if (reason) return console.log(`  SKIPPED: ${reason}`)
  const server = await startPostgresServer()
  const anvil = await startAnvil({ port: 8570 })
  const databaseUrl = await createFreshDatabase(server.url)
  const database = await createDatabase({ url: databaseUrl })
  const sqlClient = postgres(databaseUrl, { max: 1 })
  try {
    await seed(database)
    const middle = await rowAt(database, 5000)
    const api = await startApiServerProcess({ RPC_URL: anvil.rpcUrl, DATABASE_URL: databaseUrl })
    try {
      const { cookie } = await signIn(api.url, alice)
      const pages = [
        ['first page', { first: 25 }],
        ['page 201', { first: 25, after: encodeCursor(middle) }],
        ['memo search', { first: 25, filter: { search: 'Invoice 12' } }],
        ['rare memo search', { first: 25, filter: { search: 'Invoice 4321' } }],
      ] as const
      const query = print(DashboardQuery)
      await load(api.url, JSON.stringify({ query, variables: pages[0][1] }), { cookie, seconds: 2 })
      // Flat out on 10 connections, then at a steady 300 requests a second (open loop, timed from each request's due time).
      for (const [name, variables] of pages) {
        for (const rate of [undefined, 300]) {
          const r = await load(api.url, JSON.stringify({ query, variables }), {
            cookie,
            connections: 10,
            overallRate: rate,
          })
          const how = rate ? `at ${rate} req/s  ` : 'flat out     '
          console.log(
            `  list query, ${name.padEnd(19)} ${how} ${Math.round(r.requestsPerSecond).toString().padStart(5)} req/s   p99 ${r.p99} ms${r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`,
          )
        }
      }
      const screen = await firstPageOnScreen(api.url, anvil.rpcUrl, 10)
      console.log(
        `  page load → first page of the table painted: median ${ms(median(screen))}   min ${ms(Math.min(...screen))}   max ${ms(Math.max(...screen))} (10 loads)`,
      )
    } finally {
      await api.stop()
    }
    console.log('  Query plans (EXPLAIN ANALYZE):')
    const plans = [
      ['first page', requestPageQuery(database.db, alice.address, {}, { first: 25 })],
      ['page 201', requestPageQuery(database.db, alice.address, {}, { first: 25, after: middle })],
      ['memo search', requestPageQuery(database.db, alice.address, { search: 'Invoice 12' }, { first: 25 })],
      ['rare memo search', requestPageQuery(database.db, alice.address, { search: 'Invoice 4321' }, { first: 25 })],
    ] as const
    for (const [name, builder] of plans) {
      const { sql: text, params } = builder.toSQL()
      const plan = await sqlClient.unsafe(`explain (analyze, costs off) ${text}`, params as never[])
      console.log(`    ${name}:`)
      for (const row of plan) console.log(`      ${String(row['QUERY PLAN'])}`)
    }
  } finally {
    await sqlClient.end()
    await database.close()
    await anvil.stop()
    await server.stop()
  }
}

/** The payee's request at this position in the dashboard's order. */
async function rowAt(database: Database, offset: number) {
  const [row] = await database.db
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.payee, alice.address))
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .offset(offset)
    .limit(1)
  return row!
}

/**
 * Signs in once through the app with the dev wallet, then times full page loads of `path` until the
 * first element matching `selector` is in the page.
 */
export async function firstPageOnScreen(
  url: string,
  rpcUrl: string,
  runs: number,
  { path = '/', selector = '[data-testid="requests-table"] tbody tr' } = {},
): Promise<number[]> {
  const browser = await launchWithDevWallet()
  try {
    const { page, context } = browser
    // Set before any page script runs: when the first row appears, relative to navigation start.
    await context.addInitScript(`new MutationObserver((_, observer) => {
      if (document.querySelector(${JSON.stringify(selector)})) { window.firstRowsAt = performance.now(); observer.disconnect() }
    }).observe(document, { subtree: true, childList: true })`)
    await page.goto(withDevWallet(url, { account: 0, chains: { '31337': rpcUrl } }))
    await page.getByRole('button', { name: 'Connect wallet' }).first().click()
    await page
      .getByRole('dialog')
      .getByRole('option', { name: /Billfold Dev Wallet/ })
      .click()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('signed-in').waitFor()
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      await page.goto(new URL(path, url).href)
      // Functions, not strings: the production CSP forbids eval in the page.
      await page.waitForFunction(() => (window as { firstRowsAt?: number }).firstRowsAt !== undefined, undefined, {
        timeout: 15_000,
      })
      times.push(await page.evaluate(() => (window as { firstRowsAt?: number }).firstRowsAt!))
    }
    return times
  } finally {
    await browser.close()
  }
}

/** `npm run bench -- unmatched`: the payee's page of transfers without a request, with 100,000 of them, on PostgreSQL. */
export async function runUnmatchedBenchmarks() {
  const count = 100_000
  console.log(
    `\nUnmatched transfers: ${count.toLocaleString('en')} of one payee on PostgreSQL (goal: first screen ≤ 300 ms after navigation)`,
  )
  const reason = postgresUnavailableReason()
  if (reason) return console.log(`  SKIPPED: ${reason}`)
  const server = await startPostgresServer()
  const anvil = await startAnvil({ port: 8571 })
  const databaseUrl = await createFreshDatabase(server.url)
  const database = await createDatabase({ url: databaseUrl })
  try {
    await database.db.execute(sql`
      insert into unmatched_transfers (id, chain_id, tx_hash, log_index, payee, asset, from_address, amount, block_number, block_hash, block_time)
      select 'bench' || i, 31337, '0x' || md5('tx' || i) || md5('tx2' || i), 0, ${alice.address}, ${DEV_USDC_ADDRESS}, ${others[0]!}, 1000 + i, i, '0x' || md5('b' || i) || md5('b2' || i),
        now() - (i || ' seconds')::interval
      from generate_series(1, ${count}) as i`)
    const api = await startApiServerProcess({ RPC_URL: anvil.rpcUrl, DATABASE_URL: databaseUrl })
    try {
      const screen = await firstPageOnScreen(api.url, anvil.rpcUrl, 10, {
        path: '/unmatched',
        selector: '[data-testid="unmatched-transfer"]',
      })
      console.log(
        `  page load → first transfers painted: median ${ms(median(screen))}   min ${ms(Math.min(...screen))}   max ${ms(Math.max(...screen))} (10 loads)`,
      )
    } finally {
      await api.stop()
    }
  } finally {
    await database.close()
    await anvil.stop()
    await server.stop()
  }
}

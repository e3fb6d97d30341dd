import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../testing/postgresServer.ts'
import { startServerProcess, type ServerProcess } from '../../testing/serverProcess.ts'
import { startTestChain } from '../../testing/testChain.ts'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import { paymentRequests, payments } from '../db/schema.ts'
import { devAccounts } from '../chain/devnet/setUpDevChain.ts'
import type { AnvilNode } from '../chain/devnet/startAnvil.ts'
import { chainClients, insertRequest, pay } from './testing/payments.ts'

const postgresUrl = inject('postgresUrl')
let anvil: AnvilNode
let database: Database
let databaseUrl: string
const servers: ServerProcess[] = []

beforeAll(async () => {
  if (!postgresUrl) return
  anvil = await startTestChain(8563)
  databaseUrl = await createFreshDatabase(postgresUrl)
  database = await createDatabase({ url: databaseUrl })
})
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')))
  await database?.close()
  await anvil?.stop()
})

/** Whether the server says it runs the chain's watcher (its readiness lists the watchers it runs). */
const leads = async (server: ServerProcess) => {
  const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { checks: Record<string, unknown> }
  return 'watcher:31337' in ready.checks
}

it.skipIf(!postgresUrl)(
  'two production servers on one PostgreSQL: the watcher’s server is killed, the other takes the chain over within 10 s, the payment made meanwhile is recorded once and its subscriber sees it',
  async () => {
    const env = { RPC_URL: anvil.rpcUrl, DATABASE_URL: databaseUrl, LOG_FORMAT: 'json' }
    servers.push(
      await startServerProcess(env, { build: 'production' }),
      await startServerProcess(env, { build: 'production' }),
    )
    await expect
      .poll(async () => (await Promise.all(servers.map(leads))).filter(Boolean).length, { timeout: 10_000 })
      .toBe(1)
    const [leader, survivor] = (await leads(servers[0]!)) ? [servers[0]!, servers[1]!] : [servers[1]!, servers[0]!]

    const payee = devAccounts[7]!
    const createdBlock = await chainClients(anvil.rpcUrl).publicClient.getBlockNumber()
    const request = await insertRequest(database.db, { amount: 3_000_000n, payee, createdBlock })
    const query = `subscription { paymentRequestUpdated(id: "${request.id}") { status } }`
    const stream = await fetch(`${survivor.url}/graphql?query=${encodeURIComponent(query)}`, {
      headers: { accept: 'text/event-stream' },
    })
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
    let streamed = ''
    const sawPaid = (async () => {
      while (!streamed.includes('"paid"')) {
        const { value, done } = await reader.read()
        if (done) break
        streamed += value
      }
    })()

    await leader.stop('SIGKILL')
    const killedAt = Date.now()
    await pay(anvil.rpcUrl, { from: 2, to: payee, amount: 3_000_000n, reference: request.reference })

    await expect.poll(() => leads(survivor), { timeout: 10_000, interval: 100 }).toBe(true)
    const takeoverMs = Date.now() - killedAt
    expect(takeoverMs).toBeLessThan(10_000)
    await expect
      .poll(
        async () =>
          (
            await database.db
              .select({ status: paymentRequests.status })
              .from(paymentRequests)
              .where(eq(paymentRequests.id, request.id))
          )[0]!.status,
        { timeout: 10_000 },
      )
      .toBe('paid')
    expect(await database.db.select().from(payments).where(eq(payments.requestId, request.id))).toHaveLength(1)
    await sawPaid
    expect(streamed).toContain('"paid"')
    await reader.cancel()

    // Its log is one JSON object per line, requests with their ids; SIGTERM ends it cleanly.
    const records = survivor.lines.map((line) => JSON.parse(line) as { msg: string; requestId?: string; path?: string })
    expect(records.find((r) => r.msg === 'request' && r.path === '/readyz')?.requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(await survivor.stop('SIGTERM')).toBe(0)
  },
  60_000,
)

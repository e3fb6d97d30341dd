import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import { paymentRequests, payments } from '../../db/schema.ts'
import type { AnvilNode } from '../devnet/startAnvil.ts'
import { devAccounts } from '../devnet/setUpDevChain.ts'
import { chainClients, insertRequest, pay } from './testing/payments.ts'

const postgresUrl = inject('postgresUrl')
const root = fileURLToPath(new URL('../../../', import.meta.url))
let anvil: AnvilNode
let database: Database
let databaseUrl: string

beforeAll(async () => {
  if (!postgresUrl) return
  anvil = await startTestChain(8558)
  databaseUrl = await createFreshDatabase(postgresUrl)
  database = await createDatabase({ url: databaseUrl })
})
afterAll(async () => {
  await database?.close()
  await anvil?.stop()
})

/** `npm start`'s own entry point, against the test chain and database. */
async function startServerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, RPC_URL: anvil.rpcUrl, DATABASE_URL: databaseUrl, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('ready in') && resolve())
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  return child
}

async function waitUntilPaid(ids: string[]) {
  await expect
    .poll(async () => (await database.db.select({ status: paymentRequests.status }).from(paymentRequests)).filter((r) => r.status === 'paid').length, {
      timeout: 30_000,
      interval: 100,
    })
    .toBeGreaterThanOrEqual(ids.length)
}

it.skipIf(!postgresUrl)('records every payment exactly once when the server is killed with SIGKILL between blocks and restarted', async () => {
  const payee = devAccounts[6]!
  const createdBlock = await chainClients(anvil.rpcUrl).publicClient.getBlockNumber()
  const requests = await Promise.all(Array.from({ length: 6 }, () => insertRequest(database.db, { amount: 2_000_000n, payee, createdBlock })))
  const payRequest = (i: number) => pay(anvil.rpcUrl, { from: 1 + (i % 3), to: payee, amount: 2_000_000n, reference: requests[i]!.reference })

  const first = await startServerProcess()
  for (let i = 0; i < 3; i++) await payRequest(i)
  await waitUntilPaid(requests.slice(0, 3).map((r) => r.id))
  await payRequest(3)
  first.kill('SIGKILL') // whatever it was doing
  await new Promise((resolve) => first.once('exit', resolve))
  for (let i = 4; i < 6; i++) await payRequest(i) // while nobody watches

  const second = await startServerProcess()
  try {
    await waitUntilPaid(requests.map((r) => r.id))
    for (const request of requests) {
      const rows = await database.db.select().from(payments).where(eq(payments.requestId, request.id))
      expect(rows).toHaveLength(1)
    }
    const total = await database.db.execute(sql`select count(*)::int as n from payments`)
    expect((total as unknown as { n: number }[])[0]!.n).toBe(6)
  } finally {
    second.kill('SIGTERM')
    await new Promise((resolve) => second.once('exit', resolve))
  }
}, 90_000)

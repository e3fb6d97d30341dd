import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../../testing/faultyRpc.ts'
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
let rpc: FaultyRpc
let database: Database
let databaseUrl: string

beforeAll(async () => {
  if (!postgresUrl) return
  anvil = await startTestChain(8558)
  // A provider that answers 10 blocks of logs at a time, slowly: a restart has many ranges to read.
  rpc = await startFaultyRpc(anvil.rpcUrl, { logsLimit: { provider: 'cloudflare', maxBlocks: 10 }, delayMs: 5 })
  databaseUrl = await createFreshDatabase(postgresUrl)
  database = await createDatabase({ url: databaseUrl })
})
afterAll(async () => {
  await database?.close()
  await rpc?.close()
  await anvil?.stop()
})

/** `npm start`'s own entry point, against the test chain and database. */
async function startServerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, RPC_URL: rpc.url, DATABASE_URL: databaseUrl, PORT: '0' },
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

it.skipIf(!postgresUrl)('records every payment exactly once when the server is killed with SIGKILL between blocks and in the middle of a range, and restarted', async () => {
  const payee = devAccounts[6]!
  const { publicClient, testClient } = chainClients(anvil.rpcUrl)
  const createdBlock = await publicClient.getBlockNumber()
  const requests = await Promise.all(Array.from({ length: 8 }, () => insertRequest(database.db, { amount: 2_000_000n, payee, createdBlock })))
  const payRequest = (i: number) => pay(anvil.rpcUrl, { from: 1 + (i % 3), to: payee, amount: 2_000_000n, reference: requests[i]!.reference })

  const first = await startServerProcess()
  for (let i = 0; i < 3; i++) await payRequest(i)
  await waitUntilPaid(requests.slice(0, 3).map((r) => r.id))
  await payRequest(3)
  first.kill('SIGKILL') // whatever it was doing
  await new Promise((resolve) => first.once('exit', resolve))
  for (let i = 4; i < 8; i++) {
    await payRequest(i) // while nobody watches, far apart
    await testClient.mine({ blocks: 150 })
  }

  // Killed again while it reads the 600 blocks back, 10 at a time.
  const second = await startServerProcess()
  await new Promise((resolve) => setTimeout(resolve, 300))
  second.kill('SIGKILL')
  await new Promise((resolve) => second.once('exit', resolve))

  const third = await startServerProcess()
  try {
    await waitUntilPaid(requests.map((r) => r.id))
    for (const request of requests) {
      const rows = await database.db.select().from(payments).where(eq(payments.requestId, request.id))
      expect(rows).toHaveLength(1)
    }
    const total = await database.db.execute(sql`select count(*)::int as n from payments`)
    expect((total as unknown as { n: number }[])[0]!.n).toBe(8)
  } finally {
    third.kill('SIGTERM')
    await new Promise((resolve) => third.once('exit', resolve))
  }
}, 120_000)

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../testing/faultyRpc.ts'
import { startServerProcess } from '../../testing/serverProcess.ts'
import { createFreshDatabase } from '../../testing/postgresServer.ts'
import { startTestChain } from '../../testing/testChain.ts'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import { paymentRequests, payments } from '../db/schema.ts'
import type { AnvilNode } from '../chain/devnet/startAnvil.ts'
import { devAccounts } from '../chain/devnet/setUpDevChain.ts'
import { chainClients, insertRequest, pay } from './testing/payments.ts'

const postgresUrl = inject('postgresUrl')
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

async function waitUntilPaid(ids: string[]) {
  await expect
    .poll(
      async () =>
        (await database.db.select({ status: paymentRequests.status }).from(paymentRequests)).filter(
          (r) => r.status === 'paid',
        ).length,
      {
        timeout: 30_000,
        interval: 100,
      },
    )
    .toBeGreaterThanOrEqual(ids.length)
}

it.skipIf(!postgresUrl)(
  'records every payment exactly once when the server is killed with SIGKILL between blocks and in the middle of a range, and restarted',
  async () => {
    const payee = devAccounts[6]!
    const { publicClient, testClient } = chainClients(anvil.rpcUrl)
    const createdBlock = await publicClient.getBlockNumber()
    const requests = await Promise.all(
      Array.from({ length: 8 }, () => insertRequest(database.db, { amount: 2_000_000n, payee, createdBlock })),
    )
    const payRequest = (i: number) =>
      pay(anvil.rpcUrl, { from: 1 + (i % 3), to: payee, amount: 2_000_000n, reference: requests[i]!.reference })

    // `npm start`'s own entry point, against the test chain and database.
    const env = { RPC_URL: rpc.url, DATABASE_URL: databaseUrl }
    const first = await startServerProcess(env)
    for (let i = 0; i < 3; i++) await payRequest(i)
    await waitUntilPaid(requests.slice(0, 3).map((r) => r.id))
    await payRequest(3)
    await first.stop('SIGKILL') // whatever it was doing
    for (let i = 4; i < 8; i++) {
      await payRequest(i) // while nobody watches, far apart
      await testClient.mine({ blocks: 150 })
    }

    // Killed again while it reads the 600 blocks back, 10 at a time.
    const second = await startServerProcess(env)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await second.stop('SIGKILL')

    const third = await startServerProcess(env)
    try {
      await waitUntilPaid(requests.map((r) => r.id))
      for (const request of requests) {
        const rows = await database.db.select().from(payments).where(eq(payments.requestId, request.id))
        expect(rows).toHaveLength(1)
      }
      const total = await database.db.execute(sql`select count(*)::int as n from payments`)
      expect((total as unknown as { n: number }[])[0]!.n).toBe(8)
    } finally {
      await third.stop('SIGTERM')
    }
  },
  120_000,
)

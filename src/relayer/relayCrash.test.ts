import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../testing/faultyRpc.ts'
import { freePort } from '../../testing/freePort.ts'
import { createFreshDatabase } from '../../testing/postgresServer.ts'
import { startServerProcess } from '../../testing/serverProcess.ts'
import { TEST_SECRET_KEY } from '../../testing/startTestApp.ts'
import { startTestChain } from '../../testing/testChain.ts'
import { createRequest } from '../api/testing/paymentRequestInput.ts'
import type { AnvilNode } from '../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { chainClients } from '../watcher/testing/payments.ts'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import { payments, relays } from '../db/schema.ts'
import {
  newPayee,
  payerWithoutGas,
  payGasless,
  relayersOf,
  signedAuthorization,
  statusOf,
  turnOnRelayer,
} from './testing/gasless.ts'

const postgresUrl = inject('postgresUrl')
let anvil: AnvilNode
let database: Database
let databaseUrl: string
beforeAll(async () => {
  if (!postgresUrl) return
  anvil = await startTestChain(await freePort())
  databaseUrl = await createFreshDatabase(postgresUrl)
  database = await createDatabase({ url: databaseUrl })
})
afterAll(async () => {
  await database?.close()
  await anvil?.stop()
})

const env = (rpcUrl: string) => ({ RPC_URL: rpcUrl, DATABASE_URL: databaseUrl, SECRET_KEY: TEST_SECRET_KEY })

describe.skipIf(!postgresUrl)(
  'a server killed with SIGKILL between storing a signed relay and hearing back from the node',
  () => {
    it.each(['before-node', 'after-node'] as const)(
      'relays exactly once after a restart (the transaction lost %s)',
      async (hold) => {
        const rpc: FaultyRpc = await startFaultyRpc(anvil.rpcUrl, { holdTransactions: hold })
        const first = await startServerProcess(env(rpc.url))
        const payee = await newPayee(first.url)
        await turnOnRelayer(first.url, anvil.rpcUrl, payee.cookie)
        const [relayer] = await relayersOf(first.url, payee.cookie)
        const request = await createRequest(first.url, payee.cookie, payee.account, { amount: '6' })
        const payer = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 6_000_000n)
        const { authorization, signature } = await signedAuthorization(first.url, request.id, payer)

        void payGasless(first.url, request.id, authorization, signature).catch(() => {})
        await expect
          .poll(
            async () => (await database.db.select().from(relays).where(eq(relays.requestId, request.id)))[0]?.state,
            { timeout: 10_000, interval: 50 },
          )
          .toBe('signed')
        await first.stop('SIGKILL')
        await rpc.close()

        const second = await startServerProcess(env(anvil.rpcUrl))
        try {
          await expect
            .poll(async () => (await statusOf(second.url, request.id)).status, { timeout: 30_000 })
            .toBe('paid')
          await expect
            .poll(
              async () =>
                (await database.db.select().from(relays).where(eq(relays.requestId, request.id))).map((r) => r.state),
              { timeout: 10_000 },
            )
            .toEqual(['mined'])
          expect(await database.db.select().from(payments).where(eq(payments.requestId, request.id))).toHaveLength(1)
          const { publicClient } = chainClients(anvil.rpcUrl)
          expect(await publicClient.getTransactionCount({ address: relayer!.address })).toBe(1)
        } finally {
          await second.stop('SIGTERM')
        }
      },
      90_000,
    )
  },
)

import { eq } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestChain } from '../../../testing/testChain.ts'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import { paymentRequests, payments } from '../../db/schema.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { activeChains } from '../chains.ts'
import type { AnvilNode } from '../devnet/startAnvil.ts'
import { devAccounts } from '../devnet/setUpDevChain.ts'
import { chainClients, insertRequest, pay } from './testing/payments.ts'
import { createChainWatcher, type ChainWatcher } from './watchChain.ts'

// A chain of its own: these tests mine and reorg it.
let anvil: AnvilNode
let database: Database
let watcher: ChainWatcher
let publicClient: PublicClient
const payee = devAccounts[5]!

beforeAll(async () => {
  anvil = await startTestChain(8557)
  database = await createDatabase({})
  publicClient = chainClients(anvil.rpcUrl).publicClient as PublicClient
  const [chain] = activeChains({ 31337: anvil.rpcUrl })
  watcher = createChainWatcher({ database, chain: chain!, client: publicClient })
})
afterAll(async () => {
  await database?.close()
  await anvil?.stop()
})

const head = () => publicClient.getBlockNumber({ cacheTime: 0 })
async function newRequest(fields: { amount: bigint; asset?: typeof NATIVE_ASSET; payer?: `0x${string}` }) {
  return insertRequest(database.db, { payee, createdBlock: await head(), ...fields })
}
async function statusOf(id: string) {
  const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id))
  return { status: row!.status, received: BigInt(row!.received) }
}
const paymentsOf = (id: string) => database.db.select().from(payments).where(eq(payments.requestId, id))

describe('the chain watcher on Anvil', () => {
  it('matches an ERC-20 payment by its reference and marks the request paid', async () => {
    const request = await newRequest({ amount: 25_000_000n })
    const hash = await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 25_000_000n, reference: request.reference })
    const changed = await watcher.runOnce()
    expect(changed).toContain(request.id)
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 25_000_000n })
    expect(await paymentsOf(request.id)).toMatchObject([{ txHash: hash, fromAddress: devAccounts[1], amount: '25000000' }])
  })

  it('matches a native payment whose data is the reference', async () => {
    const request = await newRequest({ amount: 10n ** 16n, asset: NATIVE_ASSET })
    await pay(anvil.rpcUrl, { from: 2, to: payee, amount: 10n ** 16n, reference: request.reference, asset: NATIVE_ASSET })
    await watcher.runOnce()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 10n ** 16n })
    expect((await paymentsOf(request.id))[0]!.logIndex).toBe(-1)
  })

  it('ignores a transfer without the reference or with another reference', async () => {
    const request = await newRequest({ amount: 5_000_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 5_000_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 5_000_000n, reference: newPaymentReference() })
    await watcher.runOnce()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
  })

  it('sums two partial payments to paid, and counts an overpayment', async () => {
    const request = await newRequest({ amount: 30_000_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 10_000_000n, reference: request.reference })
    await watcher.runOnce()
    expect(await statusOf(request.id)).toEqual({ status: 'partially_paid', received: 10_000_000n })
    await pay(anvil.rpcUrl, { from: 2, to: payee, amount: 20_000_000n, reference: request.reference })
    await watcher.runOnce()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 30_000_000n })
    await pay(anvil.rpcUrl, { from: 2, to: payee, amount: 1n, reference: request.reference })
    await watcher.runOnce()
    expect(await statusOf(request.id)).toEqual({ status: 'overpaid', received: 30_000_001n })
  })

  it('does not count a payment from another address when the payer is set', async () => {
    const request = await newRequest({ amount: 7_000_000n, payer: devAccounts[3] })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 7_000_000n, reference: request.reference })
    await watcher.runOnce()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
    await pay(anvil.rpcUrl, { from: 3, to: payee, amount: 7_000_000n, reference: request.reference })
    await watcher.runOnce()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 7_000_000n })
  })

  it('records each payment once however often it runs', async () => {
    const request = await newRequest({ amount: 1_000_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 1_000_000n, reference: request.reference })
    await watcher.runOnce()
    await watcher.runOnce()
    expect(await paymentsOf(request.id)).toHaveLength(1)
  })

  it('returns a request to open when a reorg removes the paying transaction', async () => {
    const request = await newRequest({ amount: 3_000_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 3_000_000n, reference: request.reference })
    await chainClients(anvil.rpcUrl).testClient.mine({ blocks: 1 })
    await watcher.runOnce()
    expect((await statusOf(request.id)).status).toBe('paid')
    // Replace the last 2 blocks with empty ones: the payment is gone from the chain.
    await publicClient.request({ method: 'anvil_reorg' as never, params: [2, []] as never })
    const changed = await watcher.runOnce()
    expect(changed).toContain(request.id)
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
    expect(await paymentsOf(request.id)).toEqual([])
  })
})

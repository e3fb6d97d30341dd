import { gt } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { startTestChain } from '../../testing/testChain.ts'
import { chainCursors, payments } from '../db/schema.ts'
import { newPaymentReference } from '../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../domain/paymentRequest.ts'
import { devAccounts } from '../chain/devnet/setUpDevChain.ts'
import { chainClients, pay } from './testing/payments.ts'
import { useWatcherHarness } from './testing/watcherHarness.ts'

const { env, logLines, payee, newWatcher, catchUp, mine, newRequest, statusOf, paymentsOf } = useWatcherHarness(8557)

describe('the chain watcher on Anvil', () => {
  it('matches an ERC-20 payment by its reference and marks the request paid', async () => {
    const request = await newRequest({ amount: 25_000_000n })
    const hash = await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 25_000_000n, reference: request.reference })
    expect(await catchUp()).toContain(request.id)
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 25_000_000n })
    expect(await paymentsOf(request.id)).toMatchObject([
      { txHash: hash, fromAddress: devAccounts[1], amount: '25000000' },
    ])
  })

  it('matches a native payment whose data is the reference', async () => {
    const request = await newRequest({ amount: 10n ** 16n, asset: NATIVE_ASSET })
    await pay(env.anvil.rpcUrl, {
      from: 2,
      to: payee,
      amount: 10n ** 16n,
      reference: request.reference,
      asset: NATIVE_ASSET,
    })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 10n ** 16n })
    expect((await paymentsOf(request.id))[0]!.logIndex).toBe(-1)
  })

  it('does not pay a request with a transfer of another amount that carries no reference or another one', async () => {
    const request = await newRequest({ amount: 5_000_000n })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 5_000_001n })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 4_999_999n, reference: newPaymentReference() })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
  })

  it('sums two partial payments to paid, and counts an overpayment', async () => {
    const request = await newRequest({ amount: 30_000_000n })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 10_000_000n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'partially_paid', received: 10_000_000n })
    await pay(env.anvil.rpcUrl, { from: 2, to: payee, amount: 20_000_000n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 30_000_000n })
    await pay(env.anvil.rpcUrl, { from: 2, to: payee, amount: 1n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'overpaid', received: 30_000_001n })
  })

  it('does not count a payment from another address when the payer is set', async () => {
    const request = await newRequest({ amount: 7_000_000n, payer: devAccounts[3] })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 7_000_000n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
    await pay(env.anvil.rpcUrl, { from: 3, to: payee, amount: 7_000_000n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 7_000_000n })
  })

  it('records each payment once however often it runs, and does not ask again for the logs of a not-yet-final block it has read whole', async () => {
    const request = await newRequest({ amount: 1_000_000n })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 1_000_000n, reference: request.reference })
    await catchUp()
    env.proxy.reset()
    await mine(1)
    await catchUp()
    // The paying block is re-read by its hash; its logs were all in the answer that held the payment.
    expect(env.proxy.calls.get('eth_getLogs') ?? 0).toBe(0)
    await catchUp()
    expect(await paymentsOf(request.id)).toHaveLength(1)
    expect((await statusOf(request.id)).status).toBe('paid')
  })

  it('reads the head whole while payments arrive every block or two, so no payment costs a call of its own', async () => {
    const amounts = [1_000_001n, 1_000_002n, 1_000_003n, 1_000_004n, 1_000_005n]
    const requests = await Promise.all(amounts.map((amount) => newRequest({ amount })))
    const payNext = (i: number) =>
      pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: amounts[i]!, reference: requests[i]!.reference })
    await payNext(0)
    await catchUp()
    env.proxy.reset()
    await payNext(1)
    await catchUp()
    await payNext(2)
    await catchUp()
    await mine(1)
    await catchUp()
    await payNext(3)
    await catchUp()
    expect(env.proxy.calls.get('eth_getTransactionByHash') ?? 0).toBe(0)
    // After four blocks without a payment the head is read as a header again, and a payment's transaction is asked for.
    await mine(4)
    await catchUp()
    env.proxy.reset()
    await payNext(4)
    await catchUp()
    expect(env.proxy.calls.get('eth_getTransactionByHash')).toBe(1)
    for (const request of requests) expect((await statusOf(request.id)).status).toBe('paid')
  })

  it('returns a request to open when a reorg removes the paying transaction', async () => {
    const request = await newRequest({ amount: 3_000_000n })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 3_000_000n, reference: request.reference })
    await mine(1)
    await catchUp()
    expect((await statusOf(request.id)).status).toBe('paid')
    // Replace the last 2 blocks with empty ones: the payment is gone from the chain.
    await env.publicClient.request({ method: 'anvil_reorg' as never, params: [2, []] as never })
    expect(await catchUp()).toContain(request.id)
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
    expect(await paymentsOf(request.id)).toEqual([])
  })

  it('rolls back a reorg deeper than the re-read window', async () => {
    const request = await newRequest({ amount: 3_100_000n })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 3_100_000n, reference: request.reference })
    await mine(8)
    await catchUp()
    expect((await statusOf(request.id)).status).toBe('paid')
    await env.publicClient.request({ method: 'anvil_reorg' as never, params: [12, []] as never })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
    expect(logLines.some((line) => line.includes('rolled back'))).toBe(true)
  })
})

describe('a dev chain started afresh under the same database', () => {
  it('rolls the cursor back to the new chain and drops the payments that are not on it, without failing', async () => {
    const fresh = await startTestChain(8561)
    try {
      const w = newWatcher({ urls: [fresh.rpcUrl] })
      const outcome = await w.runOnce()
      expect(outcome.failed).toBe(false)
      const freshHead = await chainClients(fresh.rpcUrl).publicClient.getBlockNumber({ cacheTime: 0 })
      const [cursor] = await env.database.db.select().from(chainCursors)
      expect(cursor!.blockNumber).toBeLessThanOrEqual(freshHead)
      expect(await env.database.db.select().from(payments).where(gt(payments.blockNumber, freshHead))).toEqual([])
      expect(logLines.some((line) => line.includes('rolled back'))).toBe(true)
    } finally {
      await fresh.stop()
    }
  })
})

import { eq, inArray } from 'drizzle-orm'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { deploySmartAccount, transferCall } from '../../testing/smartAccount.ts'
import { paymentRequests, unmatchedTransfers } from '../db/schema.ts'
import { NATIVE_ASSET } from '../domain/paymentRequest.ts'
import { devAccounts } from '../chain/devnet/setUpDevChain.ts'
import { pay } from './testing/payments.ts'
import { useWatcherHarness } from './testing/watcherHarness.ts'

const { env, logLines, payee, newWatcher, catchUp, mine, newRequest, statusOf, paymentsOf } = useWatcherHarness(8573)

describe('payments from smart-contract wallets', () => {
  let account: Awaited<ReturnType<typeof deploySmartAccount>>
  beforeAll(async () => {
    account = await deploySmartAccount(env.anvil.rpcUrl, 4)
  })

  it('credits each of two requests of one payee paid in one batch, even for the same amount', async () => {
    const first = await newRequest({ amount: 2_000_000n })
    const second = await newRequest({ amount: 2_000_000n })
    await account.executeBatch([
      transferCall({ to: payee, amount: 2_000_000n, reference: first.reference }),
      transferCall({ to: payee, amount: 2_000_000n, reference: second.reference }),
    ])
    await catchUp()
    expect(await statusOf(first.id)).toEqual({ status: 'paid', received: 2_000_000n })
    expect(await statusOf(second.id)).toEqual({ status: 'paid', received: 2_000_000n })
    expect(await paymentsOf(first.id)).toHaveLength(1)
  })

  it('matches a transfer nested in the account’s call and followed by a wallet’s own suffix', async () => {
    const request = await newRequest({ amount: 2_100_000n })
    await account.execute(
      transferCall({
        to: payee,
        amount: 2_100_000n,
        reference: request.reference,
        suffix: '0xdeadbeef00000000000000000000000080218021802180218021802180218021',
      }),
    )
    await catchUp()
    expect((await statusOf(request.id)).status).toBe('paid')
  })

  it('does not count a reference that follows another transfer, or sits elsewhere in the calldata', async () => {
    const request = await newRequest({ amount: 2_200_000n })
    // The reference follows a transfer of another amount; the payee's own transfer carries none.
    await account.executeBatch([
      transferCall({ to: devAccounts[7]!, amount: 2_200_000n, reference: request.reference }),
      transferCall({ to: payee, amount: 2_200_001n }),
    ])
    // The reference at the end of unrelated calldata: a transfer with 32 bytes of something else between.
    await account.execute(
      transferCall({ to: payee, amount: 2_199_999n, suffix: `0x${'11'.repeat(32)}${request.reference.slice(2)}` }),
    )
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
  })

  it('sees native coin sent by the account as an internal call, and not one whose batch reverted', async () => {
    const request = await newRequest({ amount: 10n ** 15n, asset: NATIVE_ASSET })
    const reverted = await newRequest({ amount: 10n ** 15n, asset: NATIVE_ASSET })
    await account.executeBatch(
      [{ target: payee, value: 10n ** 15n, data: reverted.reference }, transferCall({ to: payee, amount: 10n ** 30n })],
      500_000n,
    )
    await account.execute({ target: payee, value: 10n ** 15n, data: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 10n ** 15n })
    expect((await paymentsOf(request.id))[0]!.logIndex).toBeLessThan(-1) // an internal call, not the transaction
    expect(await statusOf(reverted.id)).toEqual({ status: 'open', received: 0n })
  })

  it('says once that a node which cannot trace misses native payments from contracts, and still sees direct ones', async () => {
    env.proxy.faults.noTracing = true
    const w = newWatcher()
    const internal = await newRequest({ amount: 10n ** 14n, asset: NATIVE_ASSET })
    const direct = await newRequest({ amount: 2n * 10n ** 14n, asset: NATIVE_ASSET })
    await account.execute({ target: payee, value: 10n ** 14n, data: internal.reference })
    await pay(env.anvil.rpcUrl, {
      from: 2,
      to: payee,
      amount: 2n * 10n ** 14n,
      reference: direct.reference,
      asset: NATIVE_ASSET,
    })
    await catchUp(w)
    await mine(1)
    await catchUp(w)
    expect((await statusOf(direct.id)).status).toBe('paid')
    expect((await statusOf(internal.id)).status).toBe('open')
    expect(logLines.filter((line) => line.includes('cannot trace'))).toHaveLength(1)
  })
})

describe('direct transfers, with no reference', () => {
  const direct = devAccounts[8]!
  const unmatchedOf = (to: Address) =>
    env.database.db.select().from(unmatchedTransfers).where(eq(unmatchedTransfers.payee, to))

  it('pay the one request due exactly that amount, not another of a different amount, and say so', async () => {
    const request = await newRequest({ payee: direct, amount: 6_100_000n })
    const distractor = await newRequest({ payee: direct, amount: 6_200_000n })
    const hash = await pay(env.anvil.rpcUrl, { from: 1, to: direct, amount: 6_100_000n })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 6_100_000n })
    expect(await paymentsOf(request.id)).toMatchObject([{ txHash: hash, matchedBy: 'amount' }])
    expect((await statusOf(distractor.id)).status).toBe('open')
    const native = await newRequest({ payee: direct, amount: 3n * 10n ** 15n, asset: NATIVE_ASSET })
    await pay(env.anvil.rpcUrl, { from: 2, to: direct, amount: 3n * 10n ** 15n, asset: NATIVE_ASSET })
    await catchUp()
    expect(await paymentsOf(native.id)).toMatchObject([{ matchedBy: 'amount', logIndex: -1 }])
    await env.database.db
      .update(paymentRequests)
      .set({ cancelledAt: new Date(), status: 'cancelled' })
      .where(eq(paymentRequests.id, distractor.id))
  })

  it('keep a transfer as unmatched when two requests are due its amount, or none is, and never count the payee’s transfer to itself', async () => {
    const [a, b] = [
      await newRequest({ payee: direct, amount: 6_300_000n }),
      await newRequest({ payee: direct, amount: 6_300_000n }),
    ]
    const ambiguous = await pay(env.anvil.rpcUrl, { from: 1, to: direct, amount: 6_300_000n })
    const stray = await pay(env.anvil.rpcUrl, { from: 2, to: direct, amount: 123n })
    await pay(env.anvil.rpcUrl, { from: 8, to: direct, amount: 6_300_000n })
    await catchUp()
    expect((await statusOf(a.id)).status).toBe('open')
    expect((await statusOf(b.id)).status).toBe('open')
    const unmatched = await unmatchedOf(direct)
    expect(unmatched.map((t) => t.txHash).sort()).toEqual([ambiguous, stray].sort())
    expect(unmatched.find((t) => t.txHash === stray)).toMatchObject({
      amount: '123',
      fromAddress: devAccounts[2],
      asset: expect.stringMatching(/^0x/),
    })
    await env.database.db
      .update(paymentRequests)
      .set({ cancelledAt: new Date(), status: 'cancelled' })
      .where(inArray(paymentRequests.id, [a.id, b.id]))
  })

  it('drop an unmatched transfer that a reorg removes', async () => {
    const hash = await pay(env.anvil.rpcUrl, { from: 3, to: direct, amount: 456n })
    await catchUp()
    expect((await unmatchedOf(direct)).some((t) => t.txHash === hash)).toBe(true)
    await env.publicClient.request({ method: 'anvil_reorg' as never, params: [1, []] as never })
    await catchUp()
    expect((await unmatchedOf(direct)).some((t) => t.txHash === hash)).toBe(false)
  })
})

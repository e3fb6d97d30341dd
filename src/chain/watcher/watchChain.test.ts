import { eq, gt, inArray, sql } from 'drizzle-orm'
import type { Address, Hex, PublicClient } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deployBusyTrader } from '../../../testing/busyToken.ts'
import { startFaultyRpc, type FaultyRpc, type LogsLimit } from '../../../testing/faultyRpc.ts'
import { deploySmartAccount, transferCall } from '../../../testing/smartAccount.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import {
  chainCursors,
  chainHealth,
  paymentRequests,
  payments,
  recentBlocks,
  unmatchedTransfers,
} from '../../db/schema.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { activeChains } from '../chains.ts'
import type { AnvilNode } from '../devnet/startAnvil.ts'
import { devAccounts } from '../devnet/setUpDevChain.ts'
import { createChainRpc } from '../rpc/chainRpc.ts'
import { chainClients, insertRequest, pay } from './testing/payments.ts'
import { createChainWatcher } from './watchChain.ts'

// A chain of its own (these tests mine and reorg it), read through a proxy that behaves like real providers.
let anvil: AnvilNode
let proxy: FaultyRpc
let database: Database
let publicClient: PublicClient
const logLines: string[] = []
const payee = devAccounts[5]!

beforeAll(async () => {
  anvil = await startTestChain(8557)
  proxy = await startFaultyRpc(anvil.rpcUrl)
  database = await createDatabase({})
  publicClient = chainClients(anvil.rpcUrl).publicClient as PublicClient
})
afterAll(async () => {
  await database?.close()
  await proxy?.close()
  await anvil?.stop()
})
beforeEach(() => {
  for (const key of Object.keys(proxy.faults)) delete proxy.faults[key as keyof typeof proxy.faults]
  proxy.reset()
  logLines.length = 0
})

const [chain] = activeChains({ 31337: 'http://unused' })
function newWatcher({
  urls,
  logRangeBlocks,
  timeoutMs = 2000,
}: { urls?: string[]; logRangeBlocks?: number; timeoutMs?: number } = {}) {
  const rpc = createChainRpc({ chain: chain!.chain, urls: urls ?? [proxy.url], timeoutMs, maxWaitMs: 5000 })
  return createChainWatcher({ database, chain: chain!, rpc, log: (line) => logLines.push(line), logRangeBlocks })
}
const watcher = () => (shared ??= newWatcher())
let shared: ReturnType<typeof newWatcher> | undefined

/** Runs passes until the watcher has read up to the head. */
async function catchUp(w = watcher()) {
  const changed = new Set<string>()
  for (let i = 0; i < 50; i++) {
    const outcome = await w.runOnce()
    outcome.changed.forEach((id) => changed.add(id))
    if (outcome.caughtUp && !outcome.failed) return [...changed]
  }
  throw new Error(`the watcher did not catch up: ${logLines.join('\n')}`)
}

const head = () => publicClient.getBlockNumber({ cacheTime: 0 })
const mine = (blocks: number) => chainClients(anvil.rpcUrl).testClient.mine({ blocks })
async function newRequest(fields: { amount: bigint; asset?: typeof NATIVE_ASSET; payer?: Address; payee?: Address }) {
  return insertRequest(database.db, { payee, createdBlock: await head(), ...fields })
}
async function statusOf(id: string) {
  const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id))
  return { status: row!.status, received: BigInt(row!.received) }
}
const paymentsOf = (id: string) => database.db.select().from(payments).where(eq(payments.requestId, id))

/** Forgets what the watcher read, as a new deployment would: the next pass reads the chain from the oldest request. */
async function forgetEverything() {
  await database.db.delete(payments)
  await database.db.delete(unmatchedTransfers)
  await database.db.delete(chainCursors)
  await database.db.delete(recentBlocks)
  await database.db.execute(sql`update payment_requests set status = 'open', received = 0, paid_at = null`)
}

describe('the chain watcher on Anvil', () => {
  it('matches an ERC-20 payment by its reference and marks the request paid', async () => {
    const request = await newRequest({ amount: 25_000_000n })
    const hash = await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 25_000_000n, reference: request.reference })
    expect(await catchUp()).toContain(request.id)
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 25_000_000n })
    expect(await paymentsOf(request.id)).toMatchObject([
      { txHash: hash, fromAddress: devAccounts[1], amount: '25000000' },
    ])
  })

  it('matches a native payment whose data is the reference', async () => {
    const request = await newRequest({ amount: 10n ** 16n, asset: NATIVE_ASSET })
    await pay(anvil.rpcUrl, {
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
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 5_000_001n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 4_999_999n, reference: newPaymentReference() })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
  })

  it('sums two partial payments to paid, and counts an overpayment', async () => {
    const request = await newRequest({ amount: 30_000_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 10_000_000n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'partially_paid', received: 10_000_000n })
    await pay(anvil.rpcUrl, { from: 2, to: payee, amount: 20_000_000n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 30_000_000n })
    await pay(anvil.rpcUrl, { from: 2, to: payee, amount: 1n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'overpaid', received: 30_000_001n })
  })

  it('does not count a payment from another address when the payer is set', async () => {
    const request = await newRequest({ amount: 7_000_000n, payer: devAccounts[3] })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 7_000_000n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
    await pay(anvil.rpcUrl, { from: 3, to: payee, amount: 7_000_000n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 7_000_000n })
  })

  it('records each payment once however often it runs, and reads the not-yet-final blocks again on every new block', async () => {
    const request = await newRequest({ amount: 1_000_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 1_000_000n, reference: request.reference })
    await catchUp()
    proxy.reset()
    await mine(1)
    await catchUp()
    expect(proxy.calls.get('eth_getLogs') ?? 0).toBeGreaterThan(0)
    await catchUp()
    expect(await paymentsOf(request.id)).toHaveLength(1)
  })

  it('returns a request to open when a reorg removes the paying transaction', async () => {
    const request = await newRequest({ amount: 3_000_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 3_000_000n, reference: request.reference })
    await mine(1)
    await catchUp()
    expect((await statusOf(request.id)).status).toBe('paid')
    // Replace the last 2 blocks with empty ones: the payment is gone from the chain.
    await publicClient.request({ method: 'anvil_reorg' as never, params: [2, []] as never })
    expect(await catchUp()).toContain(request.id)
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
    expect(await paymentsOf(request.id)).toEqual([])
  })

  it('rolls back a reorg deeper than the re-read window', async () => {
    const request = await newRequest({ amount: 3_100_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 3_100_000n, reference: request.reference })
    await mine(8)
    await catchUp()
    expect((await statusOf(request.id)).status).toBe('paid')
    await publicClient.request({ method: 'anvil_reorg' as never, params: [12, []] as never })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
    expect(logLines.some((line) => line.includes('rolled back'))).toBe(true)
  })
})

describe('providers that cap eth_getLogs', () => {
  // Each case: the provider's cap as it words its refusal, and payments spread so that the first
  // 2,000-block query breaks it.
  const caps: [string, LogsLimit][] = [
    ['Alchemy (result cap, suggests a range)', { provider: 'alchemy', maxResults: 3 }],
    ['Infura -32005 (result cap, suggests a range)', { provider: 'infura', maxResults: 3 }],
    ['a generic node (result cap, decimal range)', { provider: 'generic', maxResults: 3 }],
    ['QuickNode (HTTP 413, 10,000-style block cap)', { provider: 'quicknode', maxBlocks: 100 }],
    ['Cloudflare -32047 (Max range)', { provider: 'cloudflare', maxBlocks: 80 }],
    ['Ankr (too wide, no figure)', { provider: 'ankr', maxBlocks: 100 }],
    ['thirdweb (a 10-block free plan)', { provider: 'thirdweb', maxBlocks: 10 }],
    ['Base public (too large, no figure)', { provider: 'base', maxBlocks: 100 }],
    ['Optimism public (too large, no figure)', { provider: 'optimism', maxBlocks: 100 }],
    ['BlockPI (1024-style block cap)', { provider: 'blockpi', maxBlocks: 64 }],
    ['a size cap (response size exceeded)', { provider: 'size', maxResults: 3 }],
    ['a proxy with no healthy backend for wide ranges', { provider: 'unhealthy', maxBlocks: 100 }],
  ]
  const spread: { id: string; hash: Hex }[] = []

  beforeAll(async () => {
    // Eight payments over ~400 blocks, with a busy token's unrelated transfers between them.
    const trader = await deployBusyTrader(anvil.rpcUrl)
    for (let i = 0; i < 8; i++) {
      const request = await newRequest({ amount: 1_000_000n + BigInt(i) })
      await trader.churn(40)
      const hash = await pay(anvil.rpcUrl, {
        from: 1 + (i % 3),
        to: payee,
        amount: 1_000_000n + BigInt(i),
        reference: request.reference,
      })
      spread.push({ id: request.id, hash })
      await mine(50)
    }
  }, 60_000)

  it.each(caps)('%s: every payment recorded once, no refused query sent twice', async (_, limit) => {
    await forgetEverything()
    proxy.faults.logsLimit = limit
    await catchUp(newWatcher())
    for (const { id, hash } of spread) {
      expect(await paymentsOf(id)).toMatchObject([{ txHash: hash }])
      expect((await statusOf(id)).status).toBe('paid')
    }
    expect(proxy.refusedQueries.length).toBeGreaterThan(0)
    expect(new Set(proxy.refusedQueries).size).toBe(proxy.refusedQueries.length)
  })

  it('asks only for transfers to payees: the busy token’s other transfers never come back', async () => {
    await forgetEverything()
    let returned = 0
    proxy.faults.rewriteLogs = (logs) => ((returned += logs.length), logs)
    await catchUp(newWatcher())
    expect(returned).toBeLessThan(100)
    expect(returned).toBeGreaterThanOrEqual(spread.length)
  })
})

describe('rate limits, outages and bad answers', () => {
  it('waits out a 429 for as long as its Retry-After says before asking that endpoint again', async () => {
    const request = await newRequest({ amount: 1_100_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 1_100_000n, reference: request.reference })
    proxy.faults.next = { count: 1, answer: '429', retryAfterSeconds: 1 }
    await catchUp()
    const [limited, next] = proxy.arrivals
    expect(next! - limited!).toBeGreaterThanOrEqual(950)
    expect((await statusOf(request.id)).status).toBe('paid')
  })

  it('fails over to the next RPC URL while the first answers 503, hangs or sends garbage', async () => {
    const backup = await startFaultyRpc(anvil.rpcUrl)
    try {
      const w = newWatcher({ urls: [proxy.url, backup.url], timeoutMs: 500 })
      for (const answer of ['503', 'hang', 'garbage'] as const) {
        const request = await newRequest({ amount: 1_200_000n })
        await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 1_200_000n, reference: request.reference })
        proxy.faults.next = { count: 1000, answer }
        backup.reset()
        await catchUp(w)
        expect(await paymentsOf(request.id)).toHaveLength(1)
        expect(backup.stats().calls).toBeGreaterThan(0)
        delete proxy.faults.next
      }
    } finally {
      await backup.close()
    }
  })

  it('finds a payment that a lagging log index left out, when the blocks are read again', async () => {
    const request = await newRequest({ amount: 1_300_000n })
    proxy.faults.logIndexLag = 2
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 1_300_000n, reference: request.reference })
    await catchUp()
    expect(await paymentsOf(request.id)).toHaveLength(0) // the node did not have it yet
    await mine(3)
    await catchUp()
    expect(await paymentsOf(request.id)).toHaveLength(1)
    expect((await statusOf(request.id)).status).toBe('paid')
  })

  it('records nothing from a log whose block hash is not its block’s, or that lies above the head, and reads the block again', async () => {
    const request = await newRequest({ amount: 1_400_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 1_400_000n, reference: request.reference })
    proxy.faults.rewriteLogs = (logs) => logs.map((log) => ({ ...log, blockHash: `0x${'ab'.repeat(32)}` }))
    const w = newWatcher()
    expect((await w.runOnce()).failed).toBe(true)
    expect(await paymentsOf(request.id)).toHaveLength(0)
    expect(logLines.some((line) => line.includes('will be read again'))).toBe(true)
    proxy.faults.rewriteLogs = (logs) =>
      logs.map((log) => ({ ...log, blockNumber: `0x${(BigInt(log.blockNumber) + 1000n).toString(16)}` }))
    expect((await w.runOnce()).failed).toBe(true)
    expect(await paymentsOf(request.id)).toHaveLength(0)
    delete proxy.faults.rewriteLogs
    await catchUp(w)
    expect(await paymentsOf(request.id)).toHaveLength(1)
  })

  it('takes a log whose addresses are in mixed case, and records no transfer of 0', async () => {
    const mixed = await newRequest({ amount: 1_500_000n })
    const zero = await newRequest({ amount: 1_000n })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 1_500_000n, reference: mixed.reference })
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 0n, reference: zero.reference })
    proxy.faults.rewriteLogs = (logs) =>
      logs.map((log) => ({ ...log, address: log.address.toUpperCase().replace('0X', '0x') }))
    await catchUp()
    expect((await statusOf(mixed.id)).status).toBe('paid')
    expect(await paymentsOf(zero.id)).toHaveLength(0)
  })

  it('keeps expiring requests and says why it lags, in one log line and in the database, while every read fails', async () => {
    const overdue = await insertRequest(database.db, { payee, amount: 1n, createdBlock: await head() })
    await database.db
      .update(paymentRequests)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, overdue.id))
    proxy.faults.logsLimit = { provider: 'unhealthy', maxBlocks: 0 }
    await pay(anvil.rpcUrl, { from: 1, to: payee, amount: 1n })
    const w = newWatcher()
    const first = await w.runOnce()
    await w.runOnce()
    expect(first.failed).toBe(true)
    expect(first.changed).toContain(overdue.id)
    expect((await statusOf(overdue.id)).status).toBe('expired')
    const lagLines = logLines.filter((line) => line.includes('lagging'))
    expect(lagLines).toHaveLength(1)
    expect(lagLines[0]).toContain('no backend is currently healthy')
    expect(lagLines[0]).not.toContain('Request body')
    const [row] = await database.db.select().from(chainHealth).where(eq(chainHealth.chainId, 31337))
    expect(row!.lastError).toContain('no backend is currently healthy')
    expect(row!.laggingSince).not.toBeNull()
    delete proxy.faults.logsLimit
    await catchUp(w)
    expect(logLines.some((line) => line.includes('caught up'))).toBe(true)
    const [after] = await database.db.select().from(chainHealth).where(eq(chainHealth.chainId, 31337))
    expect(after!.lastError).toBeNull()
    expect(after!.laggingSince).toBeNull()
  })
})

describe('payments from smart-contract wallets', () => {
  let account: Awaited<ReturnType<typeof deploySmartAccount>>
  beforeAll(async () => {
    account = await deploySmartAccount(anvil.rpcUrl, 4)
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
    proxy.faults.noTracing = true
    const w = newWatcher()
    const internal = await newRequest({ amount: 10n ** 14n, asset: NATIVE_ASSET })
    const direct = await newRequest({ amount: 2n * 10n ** 14n, asset: NATIVE_ASSET })
    await account.execute({ target: payee, value: 10n ** 14n, data: internal.reference })
    await pay(anvil.rpcUrl, {
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
    database.db.select().from(unmatchedTransfers).where(eq(unmatchedTransfers.payee, to))

  it('pay the one request due exactly that amount, not another of a different amount, and say so', async () => {
    const request = await newRequest({ payee: direct, amount: 6_100_000n })
    const distractor = await newRequest({ payee: direct, amount: 6_200_000n })
    const hash = await pay(anvil.rpcUrl, { from: 1, to: direct, amount: 6_100_000n })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 6_100_000n })
    expect(await paymentsOf(request.id)).toMatchObject([{ txHash: hash, matchedBy: 'amount' }])
    expect((await statusOf(distractor.id)).status).toBe('open')
    const native = await newRequest({ payee: direct, amount: 3n * 10n ** 15n, asset: NATIVE_ASSET })
    await pay(anvil.rpcUrl, { from: 2, to: direct, amount: 3n * 10n ** 15n, asset: NATIVE_ASSET })
    await catchUp()
    expect(await paymentsOf(native.id)).toMatchObject([{ matchedBy: 'amount', logIndex: -1 }])
    await database.db
      .update(paymentRequests)
      .set({ cancelledAt: new Date(), status: 'cancelled' })
      .where(eq(paymentRequests.id, distractor.id))
  })

  it('keep a transfer as unmatched when two requests are due its amount, or none is, and never count the payee’s transfer to itself', async () => {
    const [a, b] = [
      await newRequest({ payee: direct, amount: 6_300_000n }),
      await newRequest({ payee: direct, amount: 6_300_000n }),
    ]
    const ambiguous = await pay(anvil.rpcUrl, { from: 1, to: direct, amount: 6_300_000n })
    const stray = await pay(anvil.rpcUrl, { from: 2, to: direct, amount: 123n })
    await pay(anvil.rpcUrl, { from: 8, to: direct, amount: 6_300_000n })
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
    await database.db
      .update(paymentRequests)
      .set({ cancelledAt: new Date(), status: 'cancelled' })
      .where(inArray(paymentRequests.id, [a.id, b.id]))
  })

  it('drop an unmatched transfer that a reorg removes', async () => {
    const hash = await pay(anvil.rpcUrl, { from: 3, to: direct, amount: 456n })
    await catchUp()
    expect((await unmatchedOf(direct)).some((t) => t.txHash === hash)).toBe(true)
    await publicClient.request({ method: 'anvil_reorg' as never, params: [1, []] as never })
    await catchUp()
    expect((await unmatchedOf(direct)).some((t) => t.txHash === hash)).toBe(false)
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
      const [cursor] = await database.db.select().from(chainCursors)
      expect(cursor!.blockNumber).toBeLessThanOrEqual(freshHead)
      expect(await database.db.select().from(payments).where(gt(payments.blockNumber, freshHead))).toEqual([])
      expect(logLines.some((line) => line.includes('rolled back'))).toBe(true)
    } finally {
      await fresh.stop()
    }
  })
})

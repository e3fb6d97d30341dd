import { eq } from 'drizzle-orm'
import type { Hex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { deployBusyTrader } from '../../testing/busyToken.ts'
import { startFaultyRpc, type LogsLimit } from '../../testing/faultyRpc.ts'
import { chainHealth, paymentRequests } from '../db/schema.ts'
import { insertRequest, pay } from './testing/payments.ts'
import { useWatcherHarness } from './testing/watcherHarness.ts'

const { env, logLines, payee, newWatcher, catchUp, head, mine, newRequest, statusOf, paymentsOf, forgetEverything } =
  useWatcherHarness(8572)

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
    const trader = await deployBusyTrader(env.anvil.rpcUrl)
    for (let i = 0; i < 8; i++) {
      const request = await newRequest({ amount: 1_000_000n + BigInt(i) })
      await trader.churn(40)
      const hash = await pay(env.anvil.rpcUrl, {
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
    env.proxy.faults.logsLimit = limit
    await catchUp(newWatcher())
    for (const { id, hash } of spread) {
      expect(await paymentsOf(id)).toMatchObject([{ txHash: hash }])
      expect((await statusOf(id)).status).toBe('paid')
    }
    expect(env.proxy.refusedQueries.length).toBeGreaterThan(0)
    expect(new Set(env.proxy.refusedQueries).size).toBe(env.proxy.refusedQueries.length)
  })

  it('asks only for transfers to payees: the busy token’s other transfers never come back', async () => {
    await forgetEverything()
    let returned = 0
    env.proxy.faults.rewriteLogs = (logs) => ((returned += logs.length), logs)
    await catchUp(newWatcher())
    expect(returned).toBeLessThan(100)
    expect(returned).toBeGreaterThanOrEqual(spread.length)
  })
})

describe('rate limits, outages and bad answers', () => {
  it('waits out a 429 for as long as its Retry-After says before asking that endpoint again', async () => {
    const request = await newRequest({ amount: 1_100_000n })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 1_100_000n, reference: request.reference })
    env.proxy.faults.next = { count: 1, answer: '429', retryAfterSeconds: 1 }
    await catchUp()
    const [limited, next] = env.proxy.arrivals
    expect(next! - limited!).toBeGreaterThanOrEqual(950)
    expect((await statusOf(request.id)).status).toBe('paid')
  })

  it('fails over to the next RPC URL while the first answers 503, hangs or sends garbage', async () => {
    const backup = await startFaultyRpc(env.anvil.rpcUrl)
    try {
      const w = newWatcher({ urls: [env.proxy.url, backup.url], timeoutMs: 500 })
      for (const answer of ['503', 'hang', 'garbage'] as const) {
        const request = await newRequest({ amount: 1_200_000n })
        await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 1_200_000n, reference: request.reference })
        env.proxy.faults.next = { count: 1000, answer }
        backup.reset()
        await catchUp(w)
        expect(await paymentsOf(request.id)).toHaveLength(1)
        expect(backup.stats().calls).toBeGreaterThan(0)
        delete env.proxy.faults.next
      }
    } finally {
      await backup.close()
    }
  })

  it('finds a payment that a lagging log index left out, when the blocks are read again', async () => {
    const request = await newRequest({ amount: 1_300_000n })
    env.proxy.faults.logIndexLag = 2
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 1_300_000n, reference: request.reference })
    await catchUp()
    expect(await paymentsOf(request.id)).toHaveLength(0) // the node did not have it yet
    await mine(3)
    await catchUp()
    expect(await paymentsOf(request.id)).toHaveLength(1)
    expect((await statusOf(request.id)).status).toBe('paid')
  })

  it('records nothing from a log whose block hash is not its block’s, or that lies above the head, and reads the block again', async () => {
    const request = await newRequest({ amount: 1_400_000n })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 1_400_000n, reference: request.reference })
    env.proxy.faults.rewriteLogs = (logs) => logs.map((log) => ({ ...log, blockHash: `0x${'ab'.repeat(32)}` }))
    const w = newWatcher()
    expect((await w.runOnce()).failed).toBe(true)
    expect(await paymentsOf(request.id)).toHaveLength(0)
    expect(logLines.some((line) => line.includes('will be read again'))).toBe(true)
    env.proxy.faults.rewriteLogs = (logs) =>
      logs.map((log) => ({ ...log, blockNumber: `0x${(BigInt(log.blockNumber) + 1000n).toString(16)}` }))
    expect((await w.runOnce()).failed).toBe(true)
    expect(await paymentsOf(request.id)).toHaveLength(0)
    delete env.proxy.faults.rewriteLogs
    await catchUp(w)
    expect(await paymentsOf(request.id)).toHaveLength(1)
  })

  it('takes a log whose addresses are in mixed case, and records no transfer of 0', async () => {
    const mixed = await newRequest({ amount: 1_500_000n })
    const zero = await newRequest({ amount: 1_000n })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 1_500_000n, reference: mixed.reference })
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 0n, reference: zero.reference })
    env.proxy.faults.rewriteLogs = (logs) =>
      logs.map((log) => ({ ...log, address: log.address.toUpperCase().replace('0X', '0x') }))
    await catchUp()
    expect((await statusOf(mixed.id)).status).toBe('paid')
    expect(await paymentsOf(zero.id)).toHaveLength(0)
  })

  it('keeps expiring requests and says why it lags, in one log line and in the database, while every read fails', async () => {
    const overdue = await insertRequest(env.database.db, { payee, amount: 1n, createdBlock: await head() })
    await env.database.db
      .update(paymentRequests)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, overdue.id))
    env.proxy.faults.logsLimit = { provider: 'unhealthy', maxBlocks: 0 }
    await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 1n })
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
    const [row] = await env.database.db.select().from(chainHealth).where(eq(chainHealth.chainId, 31337))
    expect(row!.lastError).toContain('no backend is currently healthy')
    expect(row!.laggingSince).not.toBeNull()
    delete env.proxy.faults.logsLimit
    await catchUp(w)
    expect(logLines.some((line) => line.includes('caught up'))).toBe(true)
    const [after] = await env.database.db.select().from(chainHealth).where(eq(chainHealth.chainId, 31337))
    expect(after!.lastError).toBeNull()
    expect(after!.laggingSince).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { createChainRpc } from '../chain/rpc/chainRpc.ts'
import { activeChains } from '../chain/chains.ts'
import { lineLogger } from '../domain/logger.ts'
import { createHeadArrival } from './read/headArrival.ts'
import { pay } from './testing/payments.ts'
import { useWatcherHarness } from './testing/watcherHarness.ts'
import { createWatcherWorker } from './watcherWorker.ts'

const { env, logLines, payee, mine, newRequest, statusOf } = useWatcherHarness(
  Number(process.env.TEST_ANVIL_PORT ?? 8556) + 9,
)

/** The watcher worker following the harness's chain through its proxy, new heads pushed over the proxy's WebSocket. */
function startSubscribedWatcher() {
  const [chain] = activeChains({ 31337: [env.proxy.url, env.proxy.wsUrl] })
  const rpc = createChainRpc({ chain: chain!.chain, urls: chain!.rpcUrls, timeoutMs: 2000, maxWaitMs: 5000 })
  const worker = createWatcherWorker({
    database: env.database,
    chains: [chain!],
    rpcs: new Map([[31337, rpc]]),
    logger: lineLogger((line) => logLines.push(line)),
    serverId: 'heads-test',
  })
  worker.start()
  return worker
}

const subscriptions = () => env.proxy.calls.get('eth_subscribe') ?? 0
const statusBecomes = (id: string, status: string) =>
  expect.poll(async () => (await statusOf(id)).status, { timeout: 20_000 }).toBe(status)

describe('new heads pushed over a WebSocket', () => {
  it('takes the chain’s WebSocket URL for heads and its HTTP URLs for calls', () => {
    const [chain] = activeChains({ 31337: ['http://127.0.0.1:1', 'ws://127.0.0.1:1', 'http://127.0.0.1:2'] })
    expect(chain!.rpcUrls).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:2'])
    expect(chain!.wsUrl).toBe('ws://127.0.0.1:1')
  })

  it('records a payment from a pushed head, and a reorg while subscribed moves it back', async () => {
    const worker = startSubscribedWatcher()
    try {
      await expect.poll(subscriptions, { timeout: 20_000 }).toBeGreaterThan(0)
      const request = await newRequest({ amount: 4_000_000n })
      await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 4_000_000n, reference: request.reference })
      await statusBecomes(request.id, 'paid')
      // Under load a poll may find the block before its pushed head arrives; the head still comes.
      await expect.poll(() => env.proxy.notifications(), { timeout: 20_000 }).toBeGreaterThan(0)
      // The paying block and the one after are replaced by empty ones: the payment is gone.
      await mine(1)
      await env.publicClient.request({ method: 'anvil_reorg' as never, params: [2, []] as never })
      await mine(1)
      await statusBecomes(request.id, 'open')
    } finally {
      await worker.stop()
    }
  })

  it('polls while the socket is down and subscribes again once it comes back', async () => {
    const worker = startSubscribedWatcher()
    try {
      await expect.poll(subscriptions, { timeout: 20_000 }).toBeGreaterThan(0)
      env.proxy.refuseSockets = true
      env.proxy.dropSockets()
      const request = await newRequest({ amount: 4_100_000n })
      await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 4_100_000n, reference: request.reference })
      await statusBecomes(request.id, 'paid')
      expect(logLines.some((line) => line.includes('head subscription lost'))).toBe(true)
      const before = subscriptions()
      env.proxy.refuseSockets = false
      await expect.poll(subscriptions, { timeout: 30_000 }).toBeGreaterThan(before)
    } finally {
      env.proxy.refuseSockets = false
      await worker.stop()
    }
  })
})

describe('when the next block is due', () => {
  const second = 1000
  /** Heads of a chain with 2-second blocks, each seen 300 ms after its timestamp. */
  function steadyChain() {
    const arrival = createHeadArrival()
    for (let n = 1; n <= 6; n++) arrival.seen({ number: BigInt(n), timestamp: BigInt(n * 2) }, n * 2 * second + 300)
    return arrival
  }

  it('asks just after the next block is due on a chain with a steady block time', () => {
    const arrival = steadyChain()
    expect(arrival.intervalMs()).toBe(2000)
    // Block 7 is due at 14 s + 300 ms; asked right after 12.3 s, the wait ends just after that.
    const wait = arrival.nextPollIn(12 * second + 300, 200)
    expect(wait).toBeGreaterThanOrEqual(2000)
    expect(wait).toBeLessThanOrEqual(2000 + 60)
  })

  it('learns when blocks reach it: polls that started a whole interval late come to ask just after each block, rarely too soon', () => {
    const arrival = createHeadArrival()
    // Block n is stamped at n s and reaches this server 300 ms later; the first heads were found by
    // polls a second apart, 900 ms after their stamp.
    for (let n = 1; n <= 4; n++) arrival.seen({ number: BigInt(n), timestamp: BigInt(n) }, n * second + 900)
    let now = 4 * second + 900
    let asks = 0
    const delays: number[] = []
    for (let n = 5; n <= 60; n++) {
      for (;;) {
        now += arrival.nextPollIn(now, 1000)
        asks++
        if (now >= n * second + 300) break
        arrival.missed(now)
      }
      arrival.seen({ number: BigInt(n), timestamp: BigInt(n) }, now)
      delays.push(now - (n * second + 300))
    }
    const settled = delays.slice(20)
    expect(Math.max(...settled)).toBeLessThanOrEqual(100)
    expect(asks / delays.length).toBeLessThanOrEqual(1.25)
  })

  it('once it has found a block a fine step after an empty ask, keeps aiming there through jitter: few asks a block', () => {
    const arrival = createHeadArrival()
    for (let n = 1; n <= 4; n++) arrival.seen({ number: BigInt(n), timestamp: BigInt(n) }, n * second + 900)
    // Block n reaches this server 300 ms after its stamp, give or take 40 ms (a fixed pseudo-random draw).
    let seed = 7
    const jitter = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 80 - 40
    let now = 4 * second + 900
    let asks = 0
    const delays: number[] = []
    for (let n = 5; n <= 300; n++) {
      const comes = n * second + 300 + jitter()
      for (;;) {
        now += arrival.nextPollIn(now, 1000)
        asks++
        if (now >= comes) break
        arrival.missed(now)
      }
      arrival.seen({ number: BigInt(n), timestamp: BigInt(n) }, now)
      delays.push(now - comes)
    }
    expect(asks / delays.length).toBeLessThanOrEqual(1.15)
    expect(Math.max(...delays.slice(50))).toBeLessThanOrEqual(150)
  })

  it('finds a block late by less than its block time within the polling interval, as plain polling would', () => {
    const arrival = steadyChain()
    // Block 7 is due at 14.3 s; a busy node sends it 1.7 s late.
    let now = 14 * second + 300
    const waits: number[] = []
    while (now < 16 * second) {
      arrival.missed(now)
      waits.push(arrival.nextPollIn(now, 200))
      now += waits.at(-1)!
    }
    expect(Math.max(...waits)).toBeLessThanOrEqual(200)
    // Later than a block time, it backs off: a skipped slot or a stalled chain is asked less often.
    for (let poll = 0; poll < 5; poll++) {
      arrival.missed(now)
      now += arrival.nextPollIn(now, 200)
    }
    expect(arrival.nextPollIn(now, 200)).toBeGreaterThan(200)
  })

  it('asks at a fine step for half a block time once a block is overdue, then backs off up to its block time', () => {
    const arrival = steadyChain()
    const waits: number[] = []
    let now = 14 * second + 400
    for (let poll = 0; poll < 16; poll++) {
      arrival.missed(now)
      waits.push(arrival.nextPollIn(now, 1000))
      now += waits.at(-1)!
    }
    // A twentieth of the 2 s block time while it is due any moment, a late block found within 100 ms...
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(100))
    // ...then fewer asks while the chain stalls.
    expect(waits[10]).toBeLessThan(waits[11]!)
    expect(waits[11]).toBeLessThan(waits[12]!)
    expect(Math.max(...waits)).toBe(2000)
    // Never coarser than the chain's polling interval.
    expect(steadyChain().nextPollIn(14 * second + 400, 50)).toBeLessThanOrEqual(50)
  })

  it('keeps the block time through a missed slot, and polls at the chain’s interval when blocks come on demand', () => {
    const arrival = steadyChain()
    arrival.seen({ number: 7n, timestamp: 16n }, 16 * second + 300) // block 7 a slot late
    expect(arrival.intervalMs()).toBe(2000)
    const onDemand = createHeadArrival()
    for (const [n, t] of [
      [1, 10],
      [2, 10],
      [3, 17],
      [4, 18],
      [5, 30],
    ] as const)
      onDemand.seen({ number: BigInt(n), timestamp: BigInt(t) }, t * second)
    expect(onDemand.intervalMs()).toBeUndefined()
    expect(onDemand.nextPollIn(31 * second, 200)).toBe(200)
  })
})

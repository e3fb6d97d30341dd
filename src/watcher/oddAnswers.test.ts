import { eq, inArray } from 'drizzle-orm'
import { getAddress, type Address, type Hash } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  logsWithNulls,
  logsWithNumbers,
  mangled,
  traceError,
  tracesWithoutHash,
  withBlockReward,
} from '../../testing/nodeAnswers.ts'
import { deploySmartAccount } from '../../testing/smartAccount.ts'
import { payments, unmatchedTransfers } from '../db/schema.ts'
import { NATIVE_ASSET } from '../domain/paymentRequest.ts'
import { readChainHealth } from '../chain/readChainHealth.ts'
import { createChainRpc } from '../chain/rpc/chainRpc.ts'
import { readNativeTransfers } from '../chain/rpc/nativeTransfers.ts'
import { devChain } from '../chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { STUCK_PASSES } from './read/stuckBlocks.ts'
import { pay } from './testing/payments.ts'
import { useWatcherHarness } from './testing/watcherHarness.ts'

const { env, payee, catchUp, watcher, newRequest, statusOf, paymentsOf } = useWatcherHarness(
  Number(process.env.TEST_ANVIL_PORT ?? 8556) + 1,
)
const health = async () => (await readChainHealth(env.database.db, 31337))!
const ETH = 10n ** 15n

/** Rewrites the answers of `methods` with `rewrite`; the rest pass as the node sent them. */
const answering = (methods: Record<string, (answer: unknown) => unknown>) => (method: string, result: unknown) =>
  methods[method] ? methods[method](result) : result

describe('a node whose answers are odd for one item', () => {
  let account: Awaited<ReturnType<typeof deploySmartAccount>>
  beforeAll(async () => {
    account = await deploySmartAccount(env.anvil.rpcUrl, 4)
  })

  it("pays an ETH request by the transaction's own value when the node cannot trace it (geth's per-transaction error), and shows the gap on the chain's health", async () => {
    env.proxy.faults.rewriteAnswer = answering({ debug_traceBlockByNumber: traceError('execution timeout') })
    const request = await newRequest({ amount: 3n * ETH, asset: NATIVE_ASSET })
    const hash = await pay(env.anvil.rpcUrl, {
      from: 2,
      to: payee,
      amount: 3n * ETH,
      reference: request.reference,
      asset: NATIVE_ASSET,
    })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 3n * ETH })
    const { gaps, lastGap } = await health()
    expect(gaps).toBeGreaterThan(0)
    expect(lastGap).toContain(hash)
    expect(lastGap).toContain('execution timeout')
  })

  it('reads call traces without their transaction hash (older geth, Nethermind) by the block’s order, inner payments included', async () => {
    env.proxy.faults.rewriteAnswer = answering({ debug_traceBlockByNumber: tracesWithoutHash })
    const request = await newRequest({ amount: 4n * ETH, asset: NATIVE_ASSET })
    await account.execute({ target: payee, value: 4n * ETH, data: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 4n * ETH })
  })

  it('recovers a token payment whose log comes with its index and block hash null, from its receipt', async () => {
    env.proxy.faults.rewriteAnswer = answering({ eth_getLogs: logsWithNulls })
    const request = await newRequest({ amount: 5_000_000n })
    const hash = await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 5_000_000n, reference: request.reference })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 5_000_000n })
    expect((await paymentsOf(request.id)).map((p) => [p.txHash, p.logIndex])).toEqual([[hash, expect.any(Number)]])
  })

  it("reads Erigon's and Nethermind's trace_block (a block reward, numbers for quantities) and Anvil's own", async () => {
    const rpc = createChainRpc({ chain: devChain(env.proxy.url), urls: [env.proxy.url] })
    const request = await newRequest({ amount: 6n * ETH, asset: NATIVE_ASSET })
    const receipt = await account.execute({ target: payee, value: 6n * ETH, data: request.reference })
    const watch = { to: new Set([payee.toLowerCase()]), from: new Set<string>() }
    env.proxy.faults.rewriteAnswer = answering({ trace_block: withBlockReward })
    const read = await readNativeTransfers(rpc, 'parity', receipt.blockNumber, watch)
    expect(read).toEqual({
      transfers: [
        {
          txHash: receipt.transactionHash,
          position: 1,
          from: getAddress(account.address),
          to: payee,
          amount: 6n * ETH,
          input: request.reference,
        },
      ],
      gaps: [],
    })
    env.proxy.faults.rewriteAnswer = undefined
    expect(await readNativeTransfers(rpc, 'parity', receipt.blockNumber, watch)).toEqual(read)
  })
})

describe('a chaos provider: odd items, then mangled answers, then correct ones', () => {
  it('records every ETH and token payment made meanwhile once, and nothing else', async () => {
    const account = await deploySmartAccount(env.anvil.rpcUrl, 3)
    const w = watcher()
    const passes = async (n: number) => {
      for (let i = 0; i < n; i++) await w.runOnce()
    }
    const made: { id: string; amount: bigint; hash: Hash }[] = []
    const ask = async (
      amount: bigint,
      asset: Address | typeof NATIVE_ASSET,
      send: (reference: `0x${string}`, amount: bigint) => Promise<Hash>,
    ) => {
      const request = await newRequest({ amount, asset })
      made.push({ id: request.id, amount, hash: await send(request.reference, amount) })
    }
    const ethPayment = (from: number) => (reference: `0x${string}`, amount: bigint) =>
      pay(env.anvil.rpcUrl, { from, to: payee, amount, reference, asset: NATIVE_ASSET })
    const tokenPayment = (from: number) => (reference: `0x${string}`, amount: bigint) =>
      pay(env.anvil.rpcUrl, { from, to: payee, amount, reference })

    // Odd items: every trace failed, every log without its index, numbers where hex belongs.
    env.proxy.faults.rewriteAnswer = answering({
      debug_traceBlockByNumber: traceError('Resource not found'),
      eth_getLogs: (answer) => logsWithNulls(logsWithNumbers(answer)),
    })
    await ask(ETH + 1n, NATIVE_ASSET, ethPayment(1))
    await ask(7_000_001n, devUsdc(), tokenPayment(2))
    await passes(3)
    // The smart account's inner payment cannot be seen without a trace; it is read once traces come back.
    await ask(2n * ETH + 3n, NATIVE_ASSET, async (reference, value) => {
      const receipt = await account.execute({ target: payee, value, data: reference })
      return receipt.transactionHash
    })
    await passes(2)
    expect((await health()).gaps).toBeGreaterThan(0)

    // Mangled but valid JSON for a while: lists that are objects, blocks without a number.
    let mangledLeft = 12
    env.proxy.faults.rewriteAnswer = (method, result) =>
      ['eth_getLogs', 'debug_traceBlockByNumber', 'eth_getBlockByNumber'].includes(method) && mangledLeft-- > 0
        ? mangled(result)
        : result
    await ask(8_000_002n, devUsdc(), tokenPayment(1))
    await passes(2)

    // Correct answers again.
    await catchUp()
    expect(mangledLeft).toBeLessThan(0)
    for (const { id, amount, hash } of made) {
      expect(await statusOf(id)).toEqual({ status: 'paid', received: amount })
      expect((await paymentsOf(id)).map((p) => p.txHash)).toEqual([hash])
    }
    const hashes = made.map((m) => m.hash)
    expect(await env.database.db.select().from(payments).where(inArray(payments.txHash, hashes))).toHaveLength(
      made.length,
    )
    expect(
      await env.database.db.select().from(unmatchedTransfers).where(inArray(unmatchedTransfers.txHash, hashes)),
    ).toEqual([])
    expect(
      await env.database.db
        .select()
        .from(payments)
        .where(eq(payments.fromAddress, getAddress(account.address))),
    ).toHaveLength(1)
  }, 120_000)
})

const devUsdc = () => DEV_USDC_ADDRESS

describe('a block whose answer stays malformed', () => {
  it(`is skipped as a gap after ${STUCK_PASSES} passes stopped at it, and the payments after it are recorded`, async () => {
    const lost = await newRequest({ amount: 9_000_001n })
    const hash = await pay(env.anvil.rpcUrl, { from: 1, to: payee, amount: 9_000_001n, reference: lost.reference })
    const { blockNumber: bad } = await env.publicClient.getTransactionReceipt({ hash })
    // Every eth_getLogs answer that covers the bad block is an object instead of a list.
    env.proxy.faults.rewriteAnswer = (method, result, params) => {
      const { fromBlock, toBlock } = (params[0] ?? {}) as { fromBlock?: string; toBlock?: string }
      const covers = method === 'eth_getLogs' && BigInt(fromBlock ?? 0) <= bad && bad <= BigInt(toBlock ?? 0)
      return covers ? mangled(result) : result
    }
    const after = await newRequest({ amount: 9_000_002n })
    await pay(env.anvil.rpcUrl, { from: 2, to: payee, amount: 9_000_002n, reference: after.reference })
    const w = watcher()
    for (let i = 0; i < STUCK_PASSES; i++) expect((await w.runOnce()).failed).toBe(true)
    expect(await statusOf(after.id)).toEqual({ status: 'open', received: 0n })

    await catchUp()
    expect(await statusOf(after.id)).toEqual({ status: 'paid', received: 9_000_002n })
    expect(await statusOf(lost.id)).toEqual({ status: 'open', received: 0n })
    expect((await health()).lastGap).toMatch(
      new RegExp(`^block ${bad} skipped after ${STUCK_PASSES} passes stopped at it: .*eth_getLogs`),
    )
    expect((await health()).laggingSince).toBeNull()
  }, 180_000)
})

import { getAddress, type Address, type Hash, type Hex } from 'viem'
import { ChainRpcError, type ChainRpc } from './chainRpc.ts'
import {
  blockShape,
  callFrameShape,
  debugTraceShape,
  list,
  parityCallShape,
  parityTraceShape,
  readItem,
  receiptShape,
  transactionShape,
  type RpcTransaction,
} from './rpcShapes.ts'

/** A movement of the native coin: a transaction's value, or a call inside one (a smart-contract wallet paying). */
export type NativeTransfer = {
  txHash: Hash
  /** The call's place in its transaction, depth first: 0 is the transaction itself. */
  position: number
  from: Address
  to: Address
  amount: bigint
  /** The call's data; a payment's starts with its reference. */
  input: Hex
}

/** Whose native transfers are read: those reaching `to` (payments) and those leaving `from` (refunds). */
export type NativeWatch = { to: ReadonlySet<string>; from: ReadonlySet<string> }

const watched = (watch: NativeWatch, from: string, to: string) =>
  watch.to.has(to.toLowerCase()) || watch.from.has(from.toLowerCase())

/** How a node lets the watcher see calls inside transactions. */
export type Tracing = 'debug' | 'parity' | 'none'

/**
 * A block's native transfers, and the gaps in them: transactions the node could not trace (or traced
 * in a shape it should not), read from their own value and input instead. A block with gaps is read
 * again on the next pass while it is in the re-read window.
 */
export type NativeRead = { transfers: NativeTransfer[]; gaps: string[] }

type CallFrame = NonNullable<ReturnType<typeof callFrameShape.parse>>

/**
 * Which tracing the node answers: `debug_traceBlockByNumber` with the call tracer (geth, Anvil,
 * most paid plans), `trace_block` (Erigon, Nethermind, Reth), or none. Undefined when the node could
 * not be asked (an outage): ask again later rather than conclude.
 */
export async function detectTracing(rpc: ChainRpc, block: bigint): Promise<Tracing | undefined> {
  const attempts: [Tracing, () => Promise<unknown>][] = [
    ['debug', () => rpc.read({ method: 'debug_traceBlockByNumber', params: [hex(block), callTracer] }, list)],
    ['parity', () => rpc.read({ method: 'trace_block', params: [hex(block)] }, list)],
  ]
  for (const [kind, attempt] of attempts) {
    try {
      await attempt()
      return kind
    } catch (error) {
      if (error instanceof ChainRpcError && error.failure.kind !== 'other') return undefined
    }
  }
  return 'none'
}

const callTracer = { tracer: 'callTracer' }

/**
 * Native transfers of the block that `watch` names, from calls that did not revert. A transaction
 * whose trace is missing or odd counts by its own value and input (a smart-contract wallet's inner
 * payment in it is then not seen: that is the gap reported).
 */
export async function readNativeTransfers(
  rpc: ChainRpc,
  tracing: Exclude<Tracing, 'none'>,
  block: bigint,
  watch: NativeWatch,
): Promise<NativeRead> {
  const traced =
    tracing === 'debug' ? await fromCallTracer(rpc, block, watch) : await fromParityTraces(rpc, block, watch)
  if (traced.untraced.length === 0 && traced.unnamed.length === 0 && !traced.wholeBlock)
    return { transfers: traced.transfers, gaps: [] }
  const transactions = await blockTransactions(rpc, block)
  const byHash = new Map(transactions.map((tx) => [tx.hash, tx]))
  // Without a hash a trace is placed by its order, as the node lists them (only when the counts agree).
  const byPlace = (index: number) => (traced.count === transactions.length ? transactions[index] : undefined)
  const transfers = [...traced.transfers]
  const fallback = new Map<Hash, RpcTransaction>()
  const gaps: string[] = []
  if (traced.wholeBlock) {
    for (const tx of transactions) fallback.set(tx.hash, tx)
    gaps.push(`block ${block}: ${traced.wholeBlock}; its transactions were read by their own value`)
  }
  for (const { index, frame } of traced.unnamed) {
    const tx = byPlace(index)
    if (tx) transfers.push(...walkCalls(tx.hash, frame, watch))
    else gaps.push(`block ${block}: a trace without its transaction's hash, and the block lists another number of them`)
  }
  for (const { txHash, index, why } of traced.untraced) {
    const tx = txHash ? byHash.get(txHash) : byPlace(index)
    if (tx) fallback.set(tx.hash, tx)
    gaps.push(
      `transaction ${tx?.hash ?? `#${index}`} in block ${block}: no trace (${why})${tx ? '; read by its own value' : ''}`,
    )
  }
  const own = await ownValueTransfers(rpc, [...fallback.values()], watch)
  return { transfers: [...transfers.filter((t) => !fallback.has(t.txHash)), ...own], gaps }
}

/** The transfers of a transaction's call tree, depth first, leaving out calls that reverted and all below them. */
function walkCalls(txHash: Hash, root: CallFrame, watch: NativeWatch): NativeTransfer[] {
  const found: NativeTransfer[] = []
  let position = 0
  const walk = (call: CallFrame, reverted: boolean) => {
    const here = position++
    const failed = reverted || (call.error ?? undefined) !== undefined
    const amount = call.value ?? 0n
    if (!failed && call.type === 'CALL' && amount > 0n && call.to && watched(watch, call.from, call.to))
      found.push(transfer(txHash, here, call.from, call.to, amount, call.input))
    for (const inner of call.calls ?? []) walk(inner, failed)
  }
  walk(root, false)
  return found
}

type Traced = {
  transfers: NativeTransfer[]
  /** Transactions whose trace the node did not give, by hash where it said it, and by their place in its answer. */
  untraced: { txHash: Hash | undefined; index: number; why: string }[]
  /** Traces the node gave without their transaction's hash (older geth, some Nethermind), by place. */
  unnamed: { index: number; frame: CallFrame }[]
  /** Set when no trace of the block can be placed in its transaction. */
  wholeBlock?: string
  /** How many transactions the node's answer listed. */
  count: number
}

async function fromCallTracer(rpc: ChainRpc, block: bigint, watch: NativeWatch): Promise<Traced> {
  const traces = await rpc.read({ method: 'debug_traceBlockByNumber', params: [hex(block), callTracer] }, list)
  const transfers: NativeTransfer[] = []
  const untraced: Traced['untraced'] = []
  const unnamed: Traced['unnamed'] = []
  traces.forEach((item, index) => {
    const entry = readItem(debugTraceShape, item)
    if (!entry.ok) return untraced.push({ txHash: undefined, index, why: entry.words })
    const txHash = entry.value.txHash ?? undefined
    if (entry.value.error != null) return untraced.push({ txHash, index, why: entry.value.error })
    const frame = readItem(callFrameShape, entry.value.result)
    if (!frame.ok) return untraced.push({ txHash, index, why: frame.words })
    if (!txHash) return unnamed.push({ index, frame: frame.value })
    transfers.push(...walkCalls(txHash, frame.value, watch))
  })
  return { transfers, untraced, unnamed, count: traces.length }
}

async function fromParityTraces(rpc: ChainRpc, block: bigint, watch: NativeWatch): Promise<Traced> {
  const traces = await rpc.read({ method: 'trace_block', params: [hex(block)] }, list)
  const transfers: NativeTransfer[] = []
  const untraced: Traced['untraced'] = []
  const failedPaths = new Map<string, string[]>() // per transaction, the trace addresses that reverted
  const positions = new Map<string, number>()
  for (const [index, item] of traces.entries()) {
    const trace = readItem(parityTraceShape, item)
    // A trace that names no transaction cannot be set aside alone: the block's are read by their own value.
    if (!trace.ok)
      return { transfers: [], untraced: [], unnamed: [], wholeBlock: `a trace is odd (${trace.words})`, count: 0 }
    const { transactionHash: tx, traceAddress, error, type } = trace.value
    if (!tx) continue // block rewards
    const position = positions.get(tx) ?? 0
    positions.set(tx, position + 1)
    const path = traceAddress.join('.')
    const failed = failedPaths.get(tx) ?? []
    const reverted = error != null || failed.some((p) => p === '' || path === p || path.startsWith(`${p}.`))
    if (error != null) failedPaths.set(tx, [...failed, path])
    if (type !== 'call') continue
    const action = readItem(parityCallShape, trace.value.action)
    if (!action.ok) {
      untraced.push({ txHash: tx, index, why: action.words })
      continue
    }
    const { callType, from, to, value, input } = action.value
    const amount = value ?? 0n
    if (!reverted && callType === 'call' && amount > 0n && to && watched(watch, from, to))
      transfers.push(transfer(tx, position, from, to, amount, input))
  }
  return { transfers, untraced, unnamed: [], count: traces.length }
}

const transfer = (
  txHash: Hash,
  position: number,
  from: Address,
  to: Address,
  amount: bigint,
  input: Hex | null | undefined,
): NativeTransfer => ({ txHash, position, from: getAddress(from), to: getAddress(to), amount, input: input ?? '0x' })

/** The block's transactions that the node sent in their shape (an odd one is left to the logs and the next pass). */
async function blockTransactions(rpc: ChainRpc, block: bigint): Promise<RpcTransaction[]> {
  const raw = await rpc.read({ method: 'eth_getBlockByNumber', params: [hex(block), true] }, blockShape)
  return (raw?.transactions ?? []).flatMap((item) => {
    const tx = readItem(transactionShape, item)
    return tx.ok ? [tx.value] : []
  })
}

/** Transactions that `watch` names and that succeeded (a reverted one moves no coin), as the transfer of their own value. */
async function ownValueTransfers(
  rpc: ChainRpc,
  transactions: readonly RpcTransaction[],
  watch: NativeWatch,
): Promise<NativeTransfer[]> {
  const candidates = transactions.filter((tx) => tx.to && tx.value > 0n && watched(watch, tx.from, tx.to))
  const receipts = await Promise.all(
    candidates.map((tx) => rpc.read({ method: 'eth_getTransactionReceipt', params: [tx.hash] }, receiptShape)),
  )
  return candidates
    .filter((_, i) => receipts[i]?.status === 1n)
    .map((tx) => transfer(tx.hash, 0, tx.from, tx.to!, tx.value, tx.input))
}

/** Without tracing: the block's own transactions that `watch` names and that succeeded. */
export async function readTopLevelNativeTransfers(
  rpc: ChainRpc,
  block: bigint,
  watch: NativeWatch,
): Promise<NativeTransfer[]> {
  return ownValueTransfers(rpc, await blockTransactions(rpc, block), watch)
}

const hex = (n: bigint) => `0x${n.toString(16)}` as Hex

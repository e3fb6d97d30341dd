import { getAddress, type Address, type Hash, type Hex } from 'viem'
import { ChainRpcError, type ChainRpc } from './chainRpc.ts'

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

type CallFrame = {
  type: string
  from: Address
  to?: Address
  value?: Hex
  input?: Hex
  error?: string
  calls?: CallFrame[]
}
type ParityTrace = {
  type: string
  action: { callType?: string; from: Address; to?: Address; value?: Hex; input?: Hex }
  error?: string
  traceAddress: number[]
  transactionHash: Hash | null
  blockHash?: Hash
}

/**
 * Which tracing the node answers: `debug_traceBlockByNumber` with the call tracer (geth, Anvil,
 * most paid plans), `trace_block` (Erigon, Nethermind, Reth), or none. Undefined when the node could
 * not be asked (an outage): ask again later rather than conclude.
 */
export async function detectTracing(rpc: ChainRpc, block: bigint): Promise<Tracing | undefined> {
  const attempts: [Tracing, () => Promise<unknown>][] = [
    [
      'debug',
      () => rpc.request({ method: 'debug_traceBlockByNumber', params: [hex(block), { tracer: 'callTracer' }] }),
    ],
    ['parity', () => rpc.request({ method: 'trace_block', params: [hex(block)] })],
  ]
  for (const [kind, attempt] of attempts) {
    try {
      if (Array.isArray(await attempt())) return kind
    } catch (error) {
      if (error instanceof ChainRpcError && error.failure.kind !== 'other') return undefined
    }
  }
  return 'none'
}

/** Native transfers of the block that `watch` names, from calls that did not revert. */
export async function readNativeTransfers(
  rpc: ChainRpc,
  tracing: Exclude<Tracing, 'none'>,
  block: bigint,
  watch: NativeWatch,
): Promise<NativeTransfer[]> {
  return tracing === 'debug' ? fromCallTracer(rpc, block, watch) : fromParityTraces(rpc, block, watch)
}

async function fromCallTracer(rpc: ChainRpc, block: bigint, watch: NativeWatch): Promise<NativeTransfer[]> {
  const traces = (await rpc.request({
    method: 'debug_traceBlockByNumber',
    params: [hex(block), { tracer: 'callTracer' }],
  })) as { txHash?: Hash; result: CallFrame }[]
  const found: NativeTransfer[] = []
  for (const { txHash, result } of traces) {
    if (!txHash) continue
    let position = 0
    const walk = (frame: CallFrame, reverted: boolean) => {
      const here = position++
      const failed = reverted || frame.error !== undefined
      const amount = frame.value ? BigInt(frame.value) : 0n
      if (!failed && frame.type === 'CALL' && amount > 0n && frame.to && watched(watch, frame.from, frame.to))
        found.push({
          txHash: txHash.toLowerCase() as Hash,
          position: here,
          from: getAddress(frame.from),
          to: getAddress(frame.to),
          amount,
          input: frame.input ?? '0x',
        })
      for (const call of frame.calls ?? []) walk(call, failed)
    }
    walk(result, false)
  }
  return found
}

async function fromParityTraces(rpc: ChainRpc, block: bigint, watch: NativeWatch): Promise<NativeTransfer[]> {
  const traces = (await rpc.request({ method: 'trace_block', params: [hex(block)] })) as ParityTrace[]
  const found: NativeTransfer[] = []
  const failedPaths = new Map<string, string[]>() // per transaction, the trace addresses that reverted
  const positions = new Map<string, number>()
  for (const trace of traces) {
    if (!trace.transactionHash) continue // block rewards
    const tx = trace.transactionHash.toLowerCase()
    const position = positions.get(tx) ?? 0
    positions.set(tx, position + 1)
    const path = trace.traceAddress.join('.')
    const failed = failedPaths.get(tx) ?? []
    const reverted = trace.error !== undefined || failed.some((p) => p === '' || path === p || path.startsWith(`${p}.`))
    if (trace.error !== undefined) failedPaths.set(tx, [...failed, path])
    const { action } = trace
    const amount = action.value ? BigInt(action.value) : 0n
    if (
      !reverted &&
      trace.type === 'call' &&
      action.callType === 'call' &&
      amount > 0n &&
      action.to &&
      watched(watch, action.from, action.to)
    )
      found.push({
        txHash: tx as Hash,
        position,
        from: getAddress(action.from),
        to: getAddress(action.to),
        amount,
        input: action.input ?? '0x',
      })
  }
  return found
}

type RpcTransaction = { hash: Hash; from: Address; to: Address | null; value: Hex; input: Hex }

/**
 * Without tracing: the block's own transactions that `watch` names and that succeeded (a reverted
 * transaction moves no coin, so its receipt is checked).
 */
export async function readTopLevelNativeTransfers(
  rpc: ChainRpc,
  block: bigint,
  watch: NativeWatch,
): Promise<NativeTransfer[]> {
  const { transactions } = (await rpc.request({ method: 'eth_getBlockByNumber', params: [hex(block), true] })) as {
    transactions: RpcTransaction[]
  }
  const candidates = transactions.filter((tx) => tx.to && BigInt(tx.value) > 0n && watched(watch, tx.from, tx.to))
  const receipts = (await Promise.all(
    candidates.map((tx) => rpc.request({ method: 'eth_getTransactionReceipt', params: [tx.hash] })),
  )) as ({ status: Hex } | null)[]
  return candidates
    .filter((_, i) => receipts[i]?.status === '0x1')
    .map((tx) => ({
      txHash: tx.hash.toLowerCase() as Hash,
      position: 0,
      from: getAddress(tx.from),
      to: getAddress(tx.to!),
      amount: BigInt(tx.value),
      input: tx.input,
    }))
}

const hex = (n: bigint) => `0x${n.toString(16)}` as Hex

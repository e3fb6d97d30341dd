import { pad, type Address, type Hex } from 'viem'
import * as z from 'zod/v4/mini'
import { ChainRpcError, type ChainRpc } from './chainRpc.ts'
import type { LogRangeSize } from './logRangeSize.ts'
import { hash, list, logShape, readItem, receiptShape, type RpcLog } from './rpcShapes.ts'

export type { RpcLog }

/** Logs read, and what could not be (a log in an odd shape whose transaction's receipt did not give it either). */
export type LogsRead = { logs: RpcLog[]; gaps: string[] }

/**
 * `eth_getLogs` over [from, to] in ranges the provider accepts: a range it refuses, or answers
 * malformed, shrinks and is asked again from the same start, and successes let it grow back (`rangeSize` is the chain's, kept
 * across calls).
 */
export async function getLogsInRanges(
  rpc: ChainRpc,
  rangeSize: LogRangeSize,
  {
    address,
    topics,
    from,
    to,
  }: { address: readonly Address[]; topics: (Hex | Hex[] | null)[]; from: bigint; to: bigint },
): Promise<unknown[]> {
  const found: unknown[] = []
  let start = from
  while (start <= to) {
    const end = minBig(to, start + BigInt(rangeSize.blocks) - 1n)
    let logs: unknown[]
    try {
      logs = await rpc.read(
        { method: 'eth_getLogs', params: [{ address, topics, fromBlock: hex(start), toBlock: hex(end) }] },
        list,
      )
    } catch (error) {
      if (!(error instanceof ChainRpcError)) throw error
      const { failure } = error
      // A malformed answer is narrowed down like a refused range, so the block that causes it is known.
      const refusal = failure.kind === 'malformed' ? { kind: 'log-range' as const, words: failure.words } : failure
      if (refusal.kind !== 'log-range' || rangeSize.refused(start, end, refusal) === undefined) {
        if (failure.kind === 'malformed' && start === end) error.block = start
        throw error
      }
      continue // the same start, a smaller range
    }
    rangeSize.succeeded()
    found.push(...logs)
    start = end + 1n
  }
  return found
}

/** Addresses per topic list: providers cap a topic list's length and a request body's size. */
export const ADDRESSES_PER_QUERY = 500

/**
 * Logs of `address` in [from, to] with event `topic0` whose indexed address at topic `position` is
 * one of `addresses`: asked in chunks of addresses, each in ranges the provider accepts. A log in an
 * odd shape (no index, a null hash, a number where hex belongs is fine) is read again from its
 * transaction's receipt; one that cannot be is a gap.
 */
export async function getLogsByIndexedAddress(
  rpc: ChainRpc,
  rangeSize: LogRangeSize,
  {
    address,
    topic0,
    position,
    addresses,
    from,
    to,
  }: {
    address: readonly Address[]
    topic0: Hex
    position: 1 | 2
    addresses: readonly Address[]
    from: bigint
    to: bigint
  },
): Promise<LogsRead> {
  const raw: unknown[] = []
  for (let i = 0; i < addresses.length; i += ADDRESSES_PER_QUERY) {
    const words = addresses.slice(i, i + ADDRESSES_PER_QUERY).map((a) => pad(a.toLowerCase() as Hex))
    const topics = position === 1 ? [topic0, words] : [topic0, null, words]
    raw.push(...(await getLogsInRanges(rpc, rangeSize, { address, topics, from, to })))
  }
  const tokens = new Set(address.map((a) => a.toLowerCase()))
  const wanted = new Set(addresses.map((a) => pad(a.toLowerCase() as Hex)))
  const matches = (log: RpcLog) =>
    tokens.has(log.address) && log.topics[0] === topic0.toLowerCase() && wanted.has(log.topics[position]!)
  const logs: RpcLog[] = []
  const odd: { item: unknown; words: string }[] = []
  for (const item of raw) {
    const log = readItem(logShape, item)
    if (log.ok) logs.push(log.value)
    else odd.push({ item, words: log.words })
  }
  if (odd.length === 0) return { logs, gaps: [] }
  const gaps: string[] = []
  const have = new Set(logs.map((l) => `${l.transactionHash}:${l.logIndex}`))
  const receipts = new Map<string, Promise<RpcLog[]>>()
  for (const { item, words } of odd) {
    const tx = readItem(z.object({ transactionHash: hash }), item)
    if (!tx.ok) {
      gaps.push(`a log in blocks ${from}–${to} left out: ${words}, and no transaction to read it from`)
      continue
    }
    const txHash = tx.value.transactionHash
    if (!receipts.has(txHash)) receipts.set(txHash, logsOfReceipt(rpc, txHash))
    const again = ((await receipts.get(txHash)!) ?? []).filter(
      (log) => matches(log) && log.blockNumber >= from && log.blockNumber <= to,
    )
    if (again.length === 0)
      gaps.push(`a log of transaction ${txHash} left out: ${words}, and its receipt did not give it`)
    for (const log of again) {
      const key = `${log.transactionHash}:${log.logIndex}`
      if (have.has(key)) continue
      have.add(key)
      logs.push(log)
    }
  }
  return { logs, gaps }
}

/** The logs of a transaction's receipt that the node sent in their shape; none when it has no receipt. */
async function logsOfReceipt(rpc: ChainRpc, txHash: Hex): Promise<RpcLog[]> {
  const receipt = await rpc.read({ method: 'eth_getTransactionReceipt', params: [txHash] }, receiptShape)
  return (receipt?.logs ?? []).flatMap((item) => {
    const log = readItem(logShape, item)
    return log.ok ? [log.value] : []
  })
}

const hex = (n: bigint) => `0x${n.toString(16)}` as Hex
const minBig = (a: bigint, b: bigint) => (a < b ? a : b)

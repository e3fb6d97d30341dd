import { pad, type Address, type Hash, type Hex } from 'viem'
import { ChainRpcError, type ChainRpc } from './chainRpc.ts'
import type { LogRangeSize } from './logRangeSize.ts'

export type RpcLog = {
  address: Address
  topics: Hex[]
  data: Hex
  blockNumber: Hex | null
  blockHash: Hash | null
  transactionHash: Hash | null
  logIndex: Hex | null
  removed?: boolean
  blockTimestamp?: Hex
}

/**
 * `eth_getLogs` over [from, to] in ranges the provider accepts: a range it refuses shrinks and is
 * asked again from the same start, and successes let it grow back (`rangeSize` is the chain's, kept
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
): Promise<RpcLog[]> {
  const found: RpcLog[] = []
  let start = from
  while (start <= to) {
    const end = minBig(to, start + BigInt(rangeSize.blocks) - 1n)
    let logs: RpcLog[]
    try {
      logs = (await rpc.request({
        method: 'eth_getLogs',
        params: [{ address, topics, fromBlock: hex(start), toBlock: hex(end) }],
      })) as RpcLog[]
    } catch (error) {
      if (
        !(error instanceof ChainRpcError) ||
        error.failure.kind !== 'log-range' ||
        rangeSize.refused(start, end, error.failure) === undefined
      )
        throw error
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
 * one of `addresses`: asked in chunks of addresses, each in ranges the provider accepts.
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
): Promise<RpcLog[]> {
  const found: RpcLog[] = []
  for (let i = 0; i < addresses.length; i += ADDRESSES_PER_QUERY) {
    const words = addresses.slice(i, i + ADDRESSES_PER_QUERY).map((a) => pad(a.toLowerCase() as Hex))
    const topics = position === 1 ? [topic0, words] : [topic0, null, words]
    found.push(...(await getLogsInRanges(rpc, rangeSize, { address, topics, from, to })))
  }
  return found
}

const hex = (n: bigint) => `0x${n.toString(16)}` as Hex
const minBig = (a: bigint, b: bigint) => (a < b ? a : b)

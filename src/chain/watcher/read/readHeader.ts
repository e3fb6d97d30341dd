import { hexToBytes, type Address, type Hash, type Hex } from 'viem'
import { BaseError } from '../../../domain/baseError.ts'
import type { ChainRpc } from '../../rpc/chainRpc.ts'
import type { Header } from '../watcherState.ts'

export class ChainReadError extends BaseError {
  override name = 'ChainReadError'
  constructor(details: string) {
    super({
      code: 'CHAIN_READ_INCONSISTENT',
      shortMessage: 'The node answered inconsistently; the blocks will be read again.',
      details,
    })
  }
}

/** A transaction as a full block or `eth_getTransactionByHash` gives it: what the watcher reads of it. */
export type RpcTransaction = { hash: Hash; input: Hex; blockHash: Hash | null; from: Address; to: Address | null }

type RpcBlock = {
  number: Hex
  hash: Hash | null
  parentHash: Hash
  timestamp: Hex
  logsBloom?: Hex | null
  transactions?: (RpcTransaction | Hash)[]
}

export const hex = (n: bigint) => `0x${n.toString(16)}` as Hex

/**
 * A block's header, and with `withTransactions` its transactions too (one call either way); a block
 * the node does not have yet is a `ChainReadError`.
 */
export async function readHeader(
  rpc: ChainRpc,
  block: bigint | 'latest',
  { withTransactions = false } = {},
): Promise<Header & { transactions?: RpcTransaction[] }> {
  const raw = (await rpc.request({
    method: 'eth_getBlockByNumber',
    params: [typeof block === 'bigint' ? hex(block) : block, withTransactions],
  })) as RpcBlock | null
  if (!raw?.hash) throw new ChainReadError(`the node has no block ${block} yet`)
  // Without them the node lists the block's transaction hashes, which nothing here needs.
  const transactions = withTransactions
    ? raw.transactions?.filter((t): t is RpcTransaction => typeof t === 'object')
    : undefined
  return {
    ...(transactions ? { transactions } : {}),
    number: BigInt(raw.number),
    hash: raw.hash.toLowerCase() as Hash,
    parentHash: raw.parentHash.toLowerCase() as Hash,
    timestamp: BigInt(raw.timestamp),
    logsBloom: raw.logsBloom ? hexToBytes(raw.logsBloom) : undefined,
  }
}

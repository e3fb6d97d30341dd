import { hexToBytes, type Hash, type Hex } from 'viem'
import { BaseError } from '../../domain/baseError.ts'
import type { ChainRpc } from '../../chain/rpc/chainRpc.ts'
import { blockShape, readItem, transactionShape, type RpcTransaction } from '../../chain/rpc/rpcShapes.ts'
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

export type { RpcTransaction }

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
  const raw = await rpc.read(
    { method: 'eth_getBlockByNumber', params: [typeof block === 'bigint' ? hex(block) : block, withTransactions] },
    blockShape,
  )
  if (!raw?.hash) throw new ChainReadError(`the node has no block ${block} yet`)
  // Without them the node lists the block's transaction hashes, which nothing here needs; an odd
  // transaction is left out (it is then asked for by hash).
  const transactions = withTransactions
    ? raw.transactions?.flatMap((item) => {
        const tx = readItem(transactionShape, item)
        return tx.ok ? [tx.value] : []
      })
    : undefined
  return { ...(transactions ? { transactions } : {}), ...headerOf({ ...raw, hash: raw.hash }) }
}

/** A header as the watcher keeps it, from a block or a `newHeads` notification. */
export function headerOf(raw: {
  number: bigint
  hash: Hash
  parentHash: Hash
  timestamp: bigint
  logsBloom?: Hex | null | undefined
}): Header {
  return {
    number: raw.number,
    hash: raw.hash,
    parentHash: raw.parentHash,
    timestamp: raw.timestamp,
    // A bloom that is not 256 bytes rules nothing out.
    logsBloom: raw.logsBloom?.length === 514 ? hexToBytes(raw.logsBloom) : undefined,
  }
}

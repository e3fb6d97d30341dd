import { hexToBytes, type Hash, type Hex } from 'viem'
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

type RpcBlock = { number: Hex; hash: Hash | null; parentHash: Hash; timestamp: Hex; logsBloom?: Hex | null }

export const hex = (n: bigint) => `0x${n.toString(16)}` as Hex

/** A block's header; a block the node does not have yet is a `ChainReadError`. */
export async function readHeader(rpc: ChainRpc, block: bigint | 'latest'): Promise<Header> {
  const raw = (await rpc.request({
    method: 'eth_getBlockByNumber',
    params: [typeof block === 'bigint' ? hex(block) : block, false],
  })) as RpcBlock | null
  if (!raw?.hash) throw new ChainReadError(`the node has no block ${block} yet`)
  return {
    number: BigInt(raw.number),
    hash: raw.hash.toLowerCase() as Hash,
    parentHash: raw.parentHash.toLowerCase() as Hash,
    timestamp: BigInt(raw.timestamp),
    logsBloom: raw.logsBloom ? hexToBytes(raw.logsBloom) : undefined,
  }
}

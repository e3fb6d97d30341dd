import type { Hash } from 'viem'
import * as z from 'zod/v4/mini'
import { readItem, transactionShape, type RpcTransaction } from '../../chain/rpc/rpcShapes.ts'
import type { WatcherContext, WatcherState } from '../watcherState.ts'

/**
 * The transactions of `hashes` (from the head read whole when `inHead` says it holds one): null for
 * one the node does not have or sends in an odd shape, which its reader treats as not there yet.
 */
export async function readTransactions(
  ctx: WatcherContext,
  state: WatcherState,
  hashes: readonly Hash[],
  inHead: (hash: Hash) => boolean = () => true,
): Promise<Map<Hash, RpcTransaction | null>> {
  const head = state.headTransactions
  const txs = await Promise.all(
    hashes.map(async (hash) => {
      const cached = inHead(hash) ? head?.byHash.get(hash) : undefined
      if (cached) return cached
      const raw = await ctx.rpc.read({ method: 'eth_getTransactionByHash', params: [hash] }, z.unknown())
      const tx = readItem(z.nullable(transactionShape), raw)
      return tx.ok ? tx.value : null
    }),
  )
  return new Map(hashes.map((hash, i) => [hash, txs[i]!]))
}

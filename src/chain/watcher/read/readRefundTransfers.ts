import type { Hash } from 'viem'
import { getTransferLogs } from '../../rpc/getTransferLogs.ts'
import type { IncomingTransfer } from '../match/matchPayments.ts'
import type { WatcherContext, WatcherState } from '../watcherState.ts'
import type { RpcTransaction } from './readHeader.ts'
import { transferOf } from './readTokenTransfers.ts'

/**
 * Token transfers in [from, to] sent by payees with refunds to look for, each with its transaction's
 * input (where the refund's reference is). Asked only while such refunds exist. A log whose
 * transaction the node places in another block is left for the next pass to read again.
 */
export async function readRefundTransfers(
  ctx: WatcherContext,
  state: WatcherState,
  { from, to }: { from: bigint; to: bigint },
): Promise<IncomingTransfer[]> {
  const { refunds, rpc } = ctx
  if (refunds.tokens.length === 0) return []
  const logs = (
    await getTransferLogs(rpc, ctx.rangeSize, {
      tokens: refunds.tokens,
      payees: refunds.tokenPayees,
      by: 'from',
      from,
      to,
    })
  ).filter((l) => l.blockNumber >= from && l.blockNumber <= to)
  const hashes = [...new Set(logs.map((l) => l.txHash))]
  const head = state.headTransactions
  const txs = (await Promise.all(
    hashes.map(
      (hash) =>
        head?.byHash.get(hash.toLowerCase() as Hash) ??
        rpc.request({ method: 'eth_getTransactionByHash', params: [hash] }),
    ),
  )) as (RpcTransaction | null)[]
  const byHash = new Map(hashes.map((hash, i) => [hash, txs[i]]))
  return logs.flatMap((l) => {
    const tx = byHash.get(l.txHash)
    if (!tx || tx.blockHash?.toLowerCase() !== l.blockHash) return []
    return [transferOf(l, tx.input)]
  })
}

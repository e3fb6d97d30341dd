import { getTransferLogs } from '../../chain/rpc/getTransferLogs.ts'
import type { IncomingTransfer } from '../match/matchPayments.ts'
import type { WatcherContext, WatcherState } from '../watcherState.ts'
import { transferOf } from './readTokenTransfers.ts'
import { readTransactions } from './readTransactions.ts'

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
  const read = await getTransferLogs(rpc, ctx.rangeSize, {
    tokens: refunds.tokens,
    payees: refunds.tokenPayees,
    by: 'from',
    from,
    to,
  })
  state.gaps.push(...read.gaps)
  const logs = read.transfers.filter((l) => l.blockNumber >= from && l.blockNumber <= to)
  const byHash = await readTransactions(ctx, state, [...new Set(logs.map((l) => l.txHash))])
  return logs.flatMap((l) => {
    const tx = byHash.get(l.txHash)
    if (!tx || tx.blockHash?.toLowerCase() !== l.blockHash) return []
    return [transferOf(l, tx.input)]
  })
}

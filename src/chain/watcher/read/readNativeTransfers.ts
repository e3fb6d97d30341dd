import { NATIVE_ASSET } from '../../../domain/paymentRequest.ts'
import {
  detectTracing,
  readNativeTransfers as readTracedNativeTransfers,
  readTopLevelNativeTransfers,
  type NativeTransfer,
} from '../../rpc/nativeTransfers.ts'
import type { IncomingTransfer } from '../match/matchPayments.ts'
import type { WatcherContext, WatcherState } from '../watcherState.ts'
import { readHeader } from './readHeader.ts'

/** Blocks whose native transfers are read at once. */
const NATIVE_CONCURRENCY = 25

/**
 * Native transfers to payees, and from payees with refunds to look for, in the blocks of [from, to]
 * not yet read at their current hash.
 */
export async function readNativeTransfers(
  ctx: WatcherContext,
  state: WatcherState,
  { from, to }: { from: bigint; to: bigint },
): Promise<IncomingTransfer[]> {
  const { payees, refunds, rpc, log } = ctx
  if (payees.nativePayees.size === 0 && refunds.nativePayees.size === 0) return []
  const watch = { to: payees.nativePayees, from: refunds.nativePayees }
  if (state.tracing === undefined) {
    state.tracing = await detectTracing(rpc, to)
    if (state.tracing === 'none')
      log(
        `${ctx.label}: the RPC cannot trace (no debug_traceBlockByNumber or trace_block); native payments sent from smart-contract wallets will not be seen`,
      )
  }
  const mode = state.tracing ?? 'none'
  const blocks: bigint[] = []
  for (let n = from; n <= to; n++) {
    const known = state.seen.get(n)
    if (
      state.nativeReadThrough !== undefined &&
      n <= state.nativeReadThrough &&
      (!known || state.nativeRead.get(n) === known.hash)
    )
      continue
    blocks.push(n)
  }
  const transfers: IncomingTransfer[] = []
  for (let i = 0; i < blocks.length; i += NATIVE_CONCURRENCY) {
    await Promise.all(
      blocks.slice(i, i + NATIVE_CONCURRENCY).map(async (n) => {
        const calls: NativeTransfer[] =
          mode === 'none'
            ? await readTopLevelNativeTransfers(rpc, n, watch)
            : await readTracedNativeTransfers(rpc, mode, n, watch)
        const known = state.seen.get(n)
        const block = known ?? (calls.length ? await readHeader(rpc, n) : undefined)
        // Below the re-read window the block is final: nativeReadThrough covers it.
        if (known) state.nativeRead.set(n, known.hash)
        for (const call of calls)
          transfers.push({
            asset: NATIVE_ASSET,
            txHash: call.txHash,
            logIndex: -1 - call.position,
            from: call.from,
            to: call.to,
            amount: call.amount,
            blockNumber: n,
            blockHash: block!.hash,
            blockTime: block!.timestamp,
            input: call.input,
          })
      }),
    )
  }
  return transfers
}

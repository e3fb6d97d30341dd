import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { ChainRpcError } from '../../chain/rpc/chainRpc.ts'
import {
  detectTracing,
  readNativeTransfers as readTracedNativeTransfers,
  readTopLevelNativeTransfers,
  type NativeRead,
  type NativeWatch,
  type Tracing,
} from '../../chain/rpc/nativeTransfers.ts'
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
  const { payees, refunds, rpc, logger } = ctx
  if (payees.nativePayees.size === 0 && refunds.nativePayees.size === 0) return []
  const watch = { to: payees.nativePayees, from: refunds.nativePayees }
  if (state.tracing === undefined) {
    state.tracing = await detectTracing(rpc, to)
    if (state.tracing === 'none')
      logger.warn(
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
        const { transfers: calls, gaps } = await readBlock(ctx, mode, n, watch)
        const known = state.seen.get(n)
        const block = known ?? (calls.length ? await readHeader(rpc, n) : undefined)
        // Below the re-read window the block is final: nativeReadThrough covers it. One with gaps is
        // read again while in the window, in case the node traces it then.
        if (known && gaps.length === 0) state.nativeRead.set(n, known.hash)
        state.gaps.push(...gaps)
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

/**
 * One block's native transfers. A trace answer that stays malformed through the call's retries is
 * a gap, not a stop: the block's transactions are read by their own value.
 */
async function readBlock(ctx: WatcherContext, mode: Tracing, n: bigint, watch: NativeWatch): Promise<NativeRead> {
  if (mode === 'none') return { transfers: await readTopLevelNativeTransfers(ctx.rpc, n, watch), gaps: [] }
  try {
    return await readTracedNativeTransfers(ctx.rpc, mode, n, watch)
  } catch (error) {
    if (!(error instanceof ChainRpcError) || error.failure.kind !== 'malformed') throw error
    return {
      transfers: await readTopLevelNativeTransfers(ctx.rpc, n, watch),
      gaps: [`block ${n}: no trace (${error.failure.words}); its transactions were read by their own value`],
    }
  }
}

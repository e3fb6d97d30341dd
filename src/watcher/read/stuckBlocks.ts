import { ChainRpcError } from '../../chain/rpc/chainRpc.ts'
import type { Cursor, WatcherContext, WatcherState } from '../watcherState.ts'
import { ChainReadError, readHeader } from './readHeader.ts'
import type { RangeEvent } from './watcherEvents.ts'

/**
 * Passes in a row that may stop at one block for an odd answer (malformed after the call's own
 * retries, or a node that disagrees with itself) before that block is read alone, and skipped as a
 * gap if it fails again: one bad block never holds the blocks after it for good.
 */
export const STUCK_PASSES = 3

/** An answer no retry of the same call fixed: the node's shape or its consistency, not an outage. */
export const isOddAnswer = (error: unknown) =>
  error instanceof ChainReadError || (error instanceof ChainRpcError && error.failure.kind === 'malformed')

/**
 * Counts the passes that stop at the same block for an odd answer. A pass that reads everything
 * without skipping ends the count; one that skipped keeps it, so the block is read alone again on
 * every pass while it is re-read.
 */
export function noteStuck(state: WatcherState, failure: unknown) {
  if (failure === undefined) {
    // Ended only once a pass read past the block without skipping it (not one that ran out of time before it).
    if (state.stuck && !state.stuck.skipped && state.readThrough !== undefined && state.readThrough >= state.stuck.at)
      state.stuck = undefined
    else if (state.stuck) state.stuck.skipped = false
    return
  }
  if (!isOddAnswer(failure) || state.readThrough === undefined) return
  const at = failure instanceof ChainRpcError && failure.block !== undefined ? failure.block : state.readThrough + 1n
  state.stuck = state.stuck?.at === at ? { ...state.stuck, passes: state.stuck.passes + 1 } : { at, passes: 1 }
}

/**
 * A block given up: nothing of it is read and nothing stored of it is dropped (an empty range just
 * past it, `from` after `to`), and the cursor may move past it. Its gap is reported by the caller.
 */
export async function skipBlock(
  ctx: WatcherContext,
  state: WatcherState,
  { block, latest, cursor }: { block: bigint; latest: { number: bigint }; cursor: Cursor },
): Promise<RangeEvent> {
  const target = latest.number - ctx.window < block ? latest.number - ctx.window : block
  return {
    type: 'range',
    from: block + 1n,
    to: block,
    transfers: [],
    refunds: { transfers: [], watched: ctx.refunds.byReference },
    canonical: new Map(),
    cursor:
      target > cursor.number
        ? { number: target, hash: state.seen.get(target)?.hash ?? (await readHeader(ctx.rpc, target)).hash }
        : undefined,
    head: latest.number,
  }
}

import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { sameAddress } from '../../domain/sameAddress.ts'
import { carriesReference, type IncomingTransfer } from '../match/matchPayments.ts'
import type { Cursor, Header, WatcherContext, WatcherState } from '../watcherState.ts'
import { readHeader } from './readHeader.ts'
import { readNativeTransfers } from './readNativeTransfers.ts'
import { readRefundTransfers } from './readRefundTransfers.ts'
import { readTokenTransfers } from './readTokenTransfers.ts'
import type { RangeEvent, TimedTransfer } from './watcherEvents.ts'

/**
 * Reads [from, to]: token and native transfers to payees, each with its block time, the canonical
 * hashes known, and where the cursor may move. A node that disagrees with itself ends the range
 * before the block it disagreed on; that block is read again.
 */
export async function readRange(
  ctx: WatcherContext,
  state: WatcherState,
  { from, to, latest, cursor }: { from: bigint; to: bigint; latest: Header; cursor: Cursor },
): Promise<RangeEvent> {
  const [tokens, native, tokenRefunds] = await Promise.all([
    readTokenTransfers(ctx, state, { from, to, latest: latest.number }),
    readNativeTransfers(ctx, state, { from, to }),
    readRefundTransfers(ctx, state, { from, to }),
  ])
  const readTo = tokens.inconsistentAt !== undefined && tokens.inconsistentAt <= to ? tokens.inconsistentAt - 1n : to
  const transfers = [...tokens.transfers, ...native].filter(
    (t) =>
      t.blockNumber <= readTo &&
      (t.asset !== NATIVE_ASSET || ctx.payees.nativePayees.has(t.to.toLowerCase())) &&
      mayConcernPayee(ctx, t, latest.number),
  )
  const refunds = [...tokenRefunds, ...native.filter((t) => ctx.refunds.nativePayees.has(t.from.toLowerCase()))].filter(
    (t) => t.blockNumber <= readTo,
  )
  const target = latest.number - ctx.window < readTo ? latest.number - ctx.window : readTo
  const next: Cursor | undefined =
    target > cursor.number
      ? { number: target, hash: state.seen.get(target)?.hash ?? (await readHeader(ctx.rpc, target)).hash }
      : undefined
  return {
    type: 'range',
    from,
    to: readTo,
    transfers: await withBlockTimes(ctx, state, transfers),
    refunds: { transfers: await withBlockTimes(ctx, state, refunds), watched: ctx.refunds.byReference },
    canonical: new Map([...state.seen.values()].map((h) => [h.number, h.hash])),
    cursor: next,
    head: latest.number,
  }
}

/**
 * A payee's transfer to itself is never a payment, and one without a reference from before the payee
 * first asked for the asset is none of Billfold's business: neither needs its block read.
 */
function mayConcernPayee(ctx: WatcherContext, t: IncomingTransfer, head: bigint) {
  if (sameAddress(t.from, t.to)) return false
  return (ctx.payees.firstRequestBlock(t.asset, t.to) ?? head) < t.blockNumber || carriesReference(t)
}

/** Fills in block times the node left out of its logs, from the headers known or read once per block. */
async function withBlockTimes(
  ctx: WatcherContext,
  state: WatcherState,
  transfers: readonly IncomingTransfer[],
): Promise<TimedTransfer[]> {
  const untimed = [
    ...new Set(
      transfers.filter((t) => t.blockTime === undefined && !state.seen.has(t.blockNumber)).map((t) => t.blockNumber),
    ),
  ]
  const times = new Map<bigint, bigint>([...state.seen.values()].map((h) => [h.number, h.timestamp]))
  for (const h of await Promise.all(untimed.map((n) => readHeader(ctx.rpc, n)))) times.set(h.number, h.timestamp)
  return transfers.map((t) => ({ ...t, blockTime: t.blockTime ?? times.get(t.blockNumber)! }))
}

import type { WatchedRefund } from '../../payments/refunds/watchedRefunds.ts'
import type { IncomingTransfer } from '../match/matchPayments.ts'
import type { Cursor } from '../watcherState.ts'

/** A transfer whose block time is known. */
export type TimedTransfer = IncomingTransfer & { blockTime: bigint }

/**
 * What the read stage found, for the write stage to record. Every pass ends with `finalize`; a
 * `reorg` comes first when the cursor's block left the chain; then a `range` per batch read.
 */
export type WatcherEvent =
  | {
      type: 'reorg'
      /** The last block both chains share: everything after it is dropped. */
      ancestor: Cursor
      head: bigint
    }
  | {
      type: 'range'
      from: bigint
      /** The last block read consistently (below the batch's end when the node disagreed with itself). */
      to: bigint
      transfers: readonly TimedTransfer[]
      /** Transfers sent by payees with refunds to look for, and those refunds by reference. */
      refunds: { transfers: readonly TimedTransfer[]; watched: ReadonlyMap<string, WatchedRefund> }
      /** Block hashes known to be canonical: a stored transfer in one of them that this read missed is kept. */
      canonical: ReadonlyMap<bigint, Cursor['hash']>
      /** Where the cursor moves, if it does. */
      cursor: Cursor | undefined
      head: bigint
    }
  | {
      /** Time alone expires open requests and matures pending ones. */
      type: 'finalize'
      head: bigint
    }

export type RangeEvent = Extract<WatcherEvent, { type: 'range' }>

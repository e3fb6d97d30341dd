import type { Hash } from 'viem'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { sameAddress } from '../../domain/sameAddress.ts'
import { referenceOfNativeCall, referencesAfterTransfer } from '../../domain/transferReference.ts'
import type { WatchedRefund } from '../../payments/refunds/watchedRefunds.ts'
import type { TimedTransfer } from '../read/watcherEvents.ts'
import { transferKey, type StoredTransfer } from './matchRange.ts'

/** For a payout's line (`kind` 'payout'), `refundId` is the line and `requestId` its payout. */
export type FoundRefund = TimedTransfer & { refundId: string; requestId: string; kind?: 'payout' }

/** A refund transfer already recorded in the range, with its refund. */
export type StoredRefundTransfer = StoredTransfer & { refundId: string }

/**
 * The refund transfers of a range, pure: a transfer counts for a refund when it carries the refund's
 * reference where a payment would (right after its `transfer` call, or as a native call's data), in
 * the refund's asset, sent by the refund's payee, to whomever it went but the payee itself (the
 * money never left, so nothing was given back). A recorded one this read
 * missed vanishes unless its block is known canonical; only refunds still looked for are weighed.
 */
export function matchRefunds({
  transfers,
  watched,
  stored,
  canonical,
}: {
  transfers: readonly TimedTransfer[]
  watched: ReadonlyMap<string, WatchedRefund>
  stored: readonly StoredRefundTransfer[]
  canonical: ReadonlyMap<bigint, Hash>
}): { found: FoundRefund[]; vanished: StoredRefundTransfer[] } {
  const found: FoundRefund[] = []
  for (const transfer of transfers) {
    const refund = referencesOf(transfer)
      .map((reference) => watched.get(reference))
      .find(
        (r) =>
          r &&
          sameAddress(r.payee, transfer.from) &&
          !sameAddress(r.payee, transfer.to) &&
          sameAsset(r.asset, transfer.asset),
      )
    if (refund) found.push({ ...transfer, refundId: refund.id, requestId: refund.requestId, kind: refund.kind })
  }
  const read = new Set(found.map(transferKey))
  const lookedFor = new Set([...watched.values()].map((r) => r.id))
  const vanished = stored.filter(
    (t) => lookedFor.has(t.refundId) && !read.has(transferKey(t)) && canonical.get(t.blockNumber) !== t.blockHash,
  )
  return { found, vanished }
}

const referencesOf = (t: TimedTransfer): string[] => {
  if (t.asset === NATIVE_ASSET) {
    const reference = referenceOfNativeCall(t.input)
    return reference ? [reference] : []
  }
  return referencesAfterTransfer(t.input, t.to, t.amount)
}

const sameAsset = (a: string, b: string) => a === b || (a !== NATIVE_ASSET && b !== NATIVE_ASSET && sameAddress(a, b))

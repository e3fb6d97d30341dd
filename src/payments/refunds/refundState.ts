/** Where a refund stands: holding its amount, seen on chain, or holding nothing any more. */
export type RefundState = 'awaiting_transfer' | 'refunded' | 'cancelled' | 'expired'

export function refundState(
  refund: { transfers: readonly unknown[]; cancelledAt: Date | null; expiresAt: Date },
  now: Date,
): RefundState {
  if (refund.transfers.length > 0) return 'refunded'
  if (refund.cancelledAt) return 'cancelled'
  return refund.expiresAt.getTime() <= now.getTime() ? 'expired' : 'awaiting_transfer'
}

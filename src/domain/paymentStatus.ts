import type { PaymentStatus } from './paymentRequest.ts'

export type ReceivedPayment = { amount: bigint; blockNumber: bigint; blockTime: Date }

export type StatusOutcome = {
  status: PaymentStatus
  /** Total of final (confirmed) payments. */
  received: bigint
  /** When the confirmed payments first reached the amount. */
  paidAt: Date | null
}

/**
 * A request's status from its payments: `pending` while a payment is seen but not final, then
 * paid, partially paid or overpaid on the final total. A payment after the due date still counts
 * (paid late); `expired` only means nothing was received by then.
 */
export function paymentStatus(
  request: { amount: bigint; dueAt: Date; cancelledAt: Date | null },
  payments: readonly ReceivedPayment[],
  { head, confirmations, now }: { head: bigint; confirmations: number; now: Date },
): StatusOutcome {
  const isFinal = (p: ReceivedPayment) => head - p.blockNumber + 1n >= BigInt(confirmations)
  const final = payments
    .filter(isFinal)
    .sort((a, b) => (a.blockNumber < b.blockNumber ? -1 : a.blockNumber > b.blockNumber ? 1 : 0))
  let received = 0n
  let paidAt: Date | null = null
  for (const payment of final) {
    received += payment.amount
    if (paidAt === null && received >= request.amount) paidAt = payment.blockTime
  }
  const status = ((): PaymentStatus => {
    if (request.cancelledAt) return 'cancelled'
    if (payments.length === 0) return now.getTime() >= request.dueAt.getTime() ? 'expired' : 'open'
    if (final.length < payments.length) return 'pending'
    if (received === request.amount) return 'paid'
    return received > request.amount ? 'overpaid' : 'partially_paid'
  })()
  return { status, received, paidAt }
}

/**
 * Whether a request takes a payment by signature now: open, or partly paid. Not while one is being
 * confirmed (pending), nor once paid, cancelled or expired.
 */
export const isOpenForSignedPayment = (status: string) => status === 'open' || status === 'partially_paid'

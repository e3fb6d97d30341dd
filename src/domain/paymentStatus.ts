import { portion } from './money.ts'
import type { PaymentStatus } from './paymentRequest.ts'

export type ReceivedPayment = {
  amount: bigint
  blockNumber: bigint
  blockTime: Date
  /** False while something else than confirmations holds it back (a priced request's payment not valued yet). */
  final?: boolean
  /**
   * Whether its own chain has confirmed it, for a payment on another chain than the head given (a
   * request of several chains); unset, the head and confirmations given decide.
   */
  confirmed?: boolean
}

export type StatusOutcome = {
  status: PaymentStatus
  /** Total of final (confirmed) payments. */
  received: bigint
  /** When the confirmed payments first reached the amount. */
  paidAt: Date | null
}

/**
 * A request's status from its payments: `pending` while a payment is seen but not final, then
 * paid, partially paid or overpaid on the final total (a priced request's payments as valued in its
 * currency, paid within its tolerance either way). A payment after the due date still counts
 * (paid late); `expired` only means nothing was received by then.
 */
export function paymentStatus(
  request: {
    amount: bigint
    dueAt: Date
    cancelledAt: Date | null
    /** A priced request's tolerance: what was received may be this far (basis points) from the price and be paid. */
    toleranceBps?: number | null
  },
  payments: readonly ReceivedPayment[],
  { head, confirmations, now }: { head: bigint; confirmations: number; now: Date },
): StatusOutcome {
  const isFinal = (p: ReceivedPayment) =>
    p.final !== false && (p.confirmed ?? head - p.blockNumber + 1n >= BigInt(confirmations))
  // By time, then block: payments on two chains have block numbers that do not compare.
  const final = payments
    .filter(isFinal)
    .sort(
      (a, b) =>
        a.blockTime.getTime() - b.blockTime.getTime() ||
        (a.blockNumber < b.blockNumber ? -1 : a.blockNumber > b.blockNumber ? 1 : 0),
    )
  const margin = portion(request.amount, BigInt(request.toleranceBps ?? 0), 10_000n)
  const [least, most] = [request.amount - margin, request.amount + margin]
  let received = 0n
  let paidAt: Date | null = null
  for (const payment of final) {
    received += payment.amount
    if (paidAt === null && received >= least) paidAt = payment.blockTime
  }
  const status = ((): PaymentStatus => {
    if (request.cancelledAt) return 'cancelled'
    if (payments.length === 0) return now.getTime() >= request.dueAt.getTime() ? 'expired' : 'open'
    if (final.length < payments.length) return 'pending'
    if (received >= least && received <= most) return 'paid'
    return received > most ? 'overpaid' : 'partially_paid'
  })()
  return { status, received, paidAt }
}

/**
 * Whether a request takes a payment by signature now: open, or partly paid. Not while one is being
 * confirmed (pending), nor once paid, cancelled or expired.
 */
export const isOpenForSignedPayment = (status: string) => status === 'open' || status === 'partially_paid'

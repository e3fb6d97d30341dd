import { formatAmount } from '../../domain/amount.ts'
import { paymentRequestFromSnapshot } from '../../payments/paymentRequestSnapshot.ts'
import { publicPaymentRequest } from '../../payments/publicPaymentRequest.ts'

/** Every event a payee can subscribe an endpoint to. */
export const WEBHOOK_EVENT_TYPES = [
  'payment_request.created',
  'payment.detected',
  'payment_request.paid',
  'payment_request.partially_paid',
  'payment_request.overpaid',
  'payment_request.expired',
  'payment_request.cancelled',
  'payment.reverted',
  'payment_request.refunded',
  'refund.reverted',
  'relayer.paused',
  'subscription.started',
  'subscription.charged',
  'subscription.past_due',
  'subscription.cancelled',
] as const

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** Sent by *Send test event*, to one endpoint only. */
export const TEST_EVENT_TYPE = 'webhook.test'

type Snapshot = Record<string, unknown>

/**
 * An event's body in the Standard Webhooks shape: `type`, `timestamp` (when it happened) and `data`
 * with the request as the REST API shows it (and the payment, for payment events).
 */
export function webhookBody(event: { type: string; createdAt: Date; payload: unknown }, publicUrl: string): string {
  const payload = event.payload as {
    request?: Snapshot
    payment?: Snapshot
    refund?: Snapshot
    relayer?: Snapshot
    subscription?: Snapshot
    charge?: Snapshot
    message?: string
  }
  const data: Record<string, unknown> = {}
  if (payload.request) data.request = publicPaymentRequest(paymentRequestFromSnapshot(payload.request), publicUrl)
  if (payload.payment) {
    const p = payload.payment
    // A priced request's payment is in its quote's token, named beside it (older events lack them).
    const decimals = (p.decimals ?? payload.request!.decimals) as number
    data.payment = {
      chainId: p.chain_id,
      ...(p.asset !== undefined ? { asset: p.asset, symbol: p.symbol } : {}),
      txHash: p.tx_hash,
      logIndex: p.log_index,
      from: p.from_address,
      amount: p.amount,
      amountDecimal: formatAmount(BigInt(p.amount as string), decimals),
      blockNumber: p.block_number,
      blockHash: p.block_hash,
      blockTime: new Date(p.block_time as string).toISOString(),
      matchedBy: p.matched_by,
    }
  }
  if (payload.refund) {
    const r = payload.refund
    data.refund = {
      id: r.refund_id,
      chainId: r.chain_id,
      txHash: r.tx_hash,
      logIndex: r.log_index,
      to: r.to_address,
      amount: r.amount,
      amountDecimal: formatAmount(BigInt(r.amount as string), payload.request!.decimals as number),
      blockNumber: r.block_number,
      blockHash: r.block_hash,
      blockTime: new Date(r.block_time as string).toISOString(),
    }
  }
  // A relayer's event carries the relayer as the database wrote it (chainId, address, reason, revertBudget, pausedAt).
  if (payload.relayer) data.relayer = payload.relayer
  if (payload.subscription) data.subscription = subscriptionOfSnapshot(payload.subscription)
  if (payload.charge) data.charge = chargeOfSnapshot(payload.charge)
  if (payload.message) data.message = payload.message
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data })
}

/** A subscription as its webhook events show it (the journal's row, in the REST API's names). */
const subscriptionOfSnapshot = (s: Snapshot) => ({
  id: s.id,
  planId: s.plan_id,
  payer: s.payer,
  chainId: s.chain_id,
  asset: s.asset,
  periodCap: s.period_cap,
  state: s.state,
  nextPeriod: Number(s.next_period) + 1,
  nextChargeAt: new Date(s.next_at as string).toISOString(),
})

/** A subscription's period as its webhook events show it: its request, amount and state. */
const chargeOfSnapshot = (c: Snapshot) => ({
  subscriptionId: c.subscription_id,
  period: Number(c.period) + 1,
  periodStart: new Date(c.period_start as string).toISOString(),
  requestId: c.request_id,
  amount: c.amount,
  state: c.state,
  attempts: c.attempts,
  reasonCode: c.reason_code ?? null,
  reasonParams: c.reason_params ?? null,
})

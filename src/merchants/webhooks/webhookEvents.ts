import { formatAmount } from '../../domain/amount.ts'
import { restPaymentRequest } from '../merchantRequest.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'

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
] as const

/** Sent by *Send test event*, to one endpoint only. */
export const TEST_EVENT_TYPE = 'webhook.test'

type Snapshot = Record<string, unknown>
const date = (value: unknown) => (value ? new Date(value as string) : null)

/** The request as the trigger saw it (a row as JSON, amounts as text) back in the row's shape. */
function requestOf(s: Snapshot): PaymentRequestRow {
  return {
    id: s.id as string,
    chainId: s.chain_id as number,
    asset: s.asset as string,
    symbol: s.symbol as string,
    decimals: s.decimals as number,
    amount: s.amount as string,
    payee: s.payee as string,
    payer: (s.payer as string | null) ?? null,
    memo: s.memo as string,
    dueAt: date(s.due_at)!,
    reference: s.reference as string,
    signature: s.signature as string,
    status: s.status as string,
    received: s.received as string,
    createdBlock: BigInt(s.created_block as string),
    createdAt: date(s.created_at)!,
    paidAt: date(s.paid_at),
    cancelledAt: date(s.cancelled_at),
    issuedByKeyId: (s.issued_by_key_id as string | null) ?? null,
    redirectUrl: (s.redirect_url as string | null) ?? null,
    metadata: (s.metadata as Record<string, unknown> | null) ?? null,
  }
}

/**
 * An event's body in the Standard Webhooks shape: `type`, `timestamp` (when it happened) and `data`
 * with the request as the REST API shows it (and the payment, for payment events).
 */
export function webhookBody(event: { type: string; createdAt: Date; payload: unknown }, publicUrl: string): string {
  const payload = event.payload as { request?: Snapshot; payment?: Snapshot; message?: string }
  const data: Record<string, unknown> = {}
  if (payload.request) data.request = restPaymentRequest(requestOf(payload.request), publicUrl)
  if (payload.payment) {
    const p = payload.payment
    const decimals = payload.request!.decimals as number
    data.payment = {
      chainId: p.chain_id,
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
  if (payload.message) data.message = payload.message
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data })
}

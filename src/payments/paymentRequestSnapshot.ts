import type { PaymentRequestRow } from './repository/paymentRequests.ts'

const date = (value: unknown) => (value ? new Date(value as string) : null)

/** The request as a database trigger saw it (a row as JSON, amounts as text) back in the row's shape. */
export function paymentRequestFromSnapshot(s: Record<string, unknown>): PaymentRequestRow {
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
    memoFolded: s.memo_folded as string,
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
    currency: (s.currency as string | null) ?? null,
    acceptedAssets: (s.accepted_assets as string[] | null) ?? null,
    toleranceBps: (s.tolerance_bps as number | null) ?? null,
    quoteKeyId: (s.quote_key_id as string | null) ?? null,
    pricedRequestId: (s.priced_request_id as string | null) ?? null,
    // Events written before refunds existed carry none.
    refunded: (s.refunded as string | undefined) ?? '0',
    scheduleId: (s.schedule_id as string | null | undefined) ?? null,
    schedulePeriod: (s.schedule_period as number | null | undefined) ?? null,
    acceptedChains: (s.accepted_chains as { chainId: number; asset: string }[] | null | undefined) ?? null,
  }
}

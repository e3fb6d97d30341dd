/**
 * Why a try could not charge a period, as stored and as the API gives it: a code and its parameters
 * (an English diagnostic of the chain or the relayer, as `details`), said in each reader's language
 * from the catalog (`payer/subscriptions/reasons`).
 */
export const CHARGE_REASON_CODES = [
  'balance_too_low',
  'permission_revoked',
  'permission_expired',
  'permission_not_started',
  'account_not_upgraded',
  'over_period_amount',
  'period_spent',
  'allowance_spent',
  'token_approval_low',
  'would_revert',
  'above_cap',
  'quote_above_cap',
  'relayer_unavailable',
  'transaction_failed',
  'send_failed',
] as const

export type ChargeReasonCode = (typeof CHARGE_REASON_CODES)[number]

export type ChargeReason = { code: ChargeReasonCode; params: { details?: string } }

/** A reason with a diagnostic left out when there is none. */
export const chargeReason = (code: ChargeReasonCode, details?: string | null): ChargeReason => ({
  code,
  params: details ? { details } : {},
})

import { ApiError } from './apiError.ts'

/** The request cannot be refunded (nothing received, or priced in a currency). */
export class NotRefundableError extends ApiError {
  static override readonly code = 'NOT_REFUNDABLE'
  declare readonly code: typeof NotRefundableError.code
  override name = 'NotRefundableError'
}

/** The refund is more than was received, less the refunds sent or in flight. */
export class RefundExceedsReceivedError extends ApiError {
  static override readonly code = 'REFUND_EXCEEDS_RECEIVED'
  declare readonly code: typeof RefundExceedsReceivedError.code
  override name = 'RefundExceedsReceivedError'
}

/** The refund was seen on chain: it can no longer be cancelled. */
export class RefundFinishedError extends ApiError {
  static override readonly code = 'REFUND_FINISHED'
  declare readonly code: typeof RefundFinishedError.code
  override name = 'RefundFinishedError'
}

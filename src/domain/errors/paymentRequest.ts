import { ApiError } from './apiError.ts'

/** The request takes no payment now (paid, cancelled, expired, or priced and not quoted). */
export class NotPayableError extends ApiError {
  static override readonly code = 'NOT_PAYABLE'
  declare readonly code: typeof NotPayableError.code
  override name = 'NotPayableError'
}

/** A request with this reference exists already (references are unique per chain). */
export class DuplicateReferenceError extends ApiError {
  static override readonly code = 'DUPLICATE_REFERENCE'
  declare readonly code: typeof DuplicateReferenceError.code
  override name = 'DuplicateReferenceError'
}

/** A payment was seen for the request: it can no longer be cancelled. */
export class PaymentReceivedError extends ApiError {
  static override readonly code = 'PAYMENT_RECEIVED'
  declare readonly code: typeof PaymentReceivedError.code
  override name = 'PaymentReceivedError'
}

/** The request was cancelled: nothing can be assigned to it. */
export class RequestCancelledError extends ApiError {
  static override readonly code = 'REQUEST_CANCELLED'
  declare readonly code: typeof RequestCancelledError.code
  override name = 'RequestCancelledError'
}

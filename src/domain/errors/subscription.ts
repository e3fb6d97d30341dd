import { ApiError } from './apiError.ts'

/** The subscription was cancelled or ended: there is nothing more to charge or cancel. */
export class SubscriptionEndedError extends ApiError {
  static override readonly code = 'SUBSCRIPTION_ENDED'
  declare readonly code: typeof SubscriptionEndedError.code
  override name = 'SubscriptionEndedError'
}

/** The permission the payer's wallet granted is not the one the plan asks for (or the chain does not hold it). */
export class PermissionMismatchError extends ApiError {
  static override readonly code = 'PERMISSION_MISMATCH'
  declare readonly code: typeof PermissionMismatchError.code
  override name = 'PermissionMismatchError'
}

import { ApiError } from './apiError.ts'

/** The API key's delegation (the payee's signed permission) has expired. */
export class DelegationExpiredError extends ApiError {
  static override readonly code = 'DELEGATION_EXPIRED'
  declare readonly code: typeof DelegationExpiredError.code
  override name = 'DelegationExpiredError'
}

/** The API key was never authorised by the payee's signed delegation. */
export class DelegationMissingError extends ApiError {
  static override readonly code = 'DELEGATION_MISSING'
  declare readonly code: typeof DelegationMissingError.code
  override name = 'DelegationMissingError'
}

import { ApiError } from './apiError.ts'

// A payer's signed transfer authorization (ERC-3009), sent by the gas relayer or settled for x402.

/** The token (or this request) cannot be paid by a signed authorization. */
export class AuthorizationUnsupportedError extends ApiError {
  static override readonly code = 'AUTHORIZATION_UNSUPPORTED'
  declare readonly code: typeof AuthorizationUnsupportedError.code
  override name = 'AuthorizationUnsupportedError'
}

/** The authorization's terms (payee, amount, token, chain) are not the request's. */
export class AuthorizationMismatchError extends ApiError {
  static override readonly code = 'AUTHORIZATION_MISMATCH'
  declare readonly code: typeof AuthorizationMismatchError.code
  override name = 'AuthorizationMismatchError'
}

/** The authorization is not valid yet, or no longer (`field` says which bound). */
export class AuthorizationExpiredError extends ApiError {
  static override readonly code = 'AUTHORIZATION_EXPIRED'
  declare readonly code: typeof AuthorizationExpiredError.code
  override name = 'AuthorizationExpiredError'
}

/** The authorization's nonce was used (or cancelled) on chain. */
export class AuthorizationUsedError extends ApiError {
  static override readonly code = 'AUTHORIZATION_USED'
  declare readonly code: typeof AuthorizationUsedError.code
  override name = 'AuthorizationUsedError'
}

/** The signature is not the payer's signature of the authorization. */
export class SignatureInvalidError extends ApiError {
  static override readonly code = 'SIGNATURE_INVALID'
  declare readonly code: typeof SignatureInvalidError.code
  override name = 'SignatureInvalidError'
}

/** The wallet that would pay (the payer's, or the payee's for a refund) holds less than the amount. */
export class InsufficientBalanceError extends ApiError {
  static override readonly code = 'INSUFFICIENT_BALANCE'
  declare readonly code: typeof InsufficientBalanceError.code
  override name = 'InsufficientBalanceError'
}

import { ApiError } from './apiError.ts'

/** No session (or no valid API key): the caller must sign in first. */
export class UnauthenticatedError extends ApiError {
  static override readonly code = 'UNAUTHENTICATED'
  declare readonly code: typeof UnauthenticatedError.code
  override name = 'UnauthenticatedError'
}

/** The caller is known but may not do this (another payee's thing, a key without the scope). */
export class ForbiddenError extends ApiError {
  static override readonly code = 'FORBIDDEN'
  declare readonly code: typeof ForbiddenError.code
  override name = 'ForbiddenError'
}

/** There is no such thing, or none the caller may see (the two are not told apart). */
export class NotFoundError extends ApiError {
  static override readonly code = 'NOT_FOUND'
  declare readonly code: typeof NotFoundError.code
  override name = 'NotFoundError'
}

/** Too many requests from this caller: the message says when to try again. */
export class RateLimitedError extends ApiError {
  static override readonly code = 'RATE_LIMITED'
  declare readonly code: typeof RateLimitedError.code
  override name = 'RateLimitedError'
}

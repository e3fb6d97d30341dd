import { ApiError } from './apiError.ts'

// The shape of an HTTP request, before what it asks for is read.

/** The body is not in a format the route reads (JSON). */
export class UnsupportedMediaTypeError extends ApiError {
  static override readonly code = 'UNSUPPORTED_MEDIA_TYPE'
  declare readonly code: typeof UnsupportedMediaTypeError.code
  override name = 'UnsupportedMediaTypeError'
}

/** The body is over the route's limit. */
export class PayloadTooLargeError extends ApiError {
  static override readonly code = 'PAYLOAD_TOO_LARGE'
  declare readonly code: typeof PayloadTooLargeError.code
  override name = 'PayloadTooLargeError'
}

/** The route exists but not with this HTTP method. */
export class MethodNotAllowedError extends ApiError {
  static override readonly code = 'METHOD_NOT_ALLOWED'
  declare readonly code: typeof MethodNotAllowedError.code
  override name = 'MethodNotAllowedError'
}

/** An Idempotency-Key sent again with another body. */
export class IdempotencyKeyReusedError extends ApiError {
  static override readonly code = 'IDEMPOTENCY_KEY_REUSED'
  declare readonly code: typeof IdempotencyKeyReusedError.code
  override name = 'IdempotencyKeyReusedError'
}

import type { ServerResponse } from 'node:http'
import type { ApiErrorCode } from '../../domain/errors/apiErrorCodes.ts'
import { ApiError } from '../../domain/errors/apiError.ts'

/**
 * The HTTP status of every error code (the codes are GraphQL's): 400 the input, 401/403 who asks,
 * 404 what is asked for, 409 the state it is in (410 cancelled, as x402 answers it), 429 too often,
 * 503 try again soon.
 */
export const REST_STATUS: Record<ApiErrorCode, number> = {
  BAD_USER_INPUT: 400,
  SIGNATURE_MISMATCH: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  METHOD_NOT_ALLOWED: 405,
  IDEMPOTENCY_KEY_REUSED: 409,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INVITATION_INVALID: 410,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  SIWE_MESSAGE_INVALID: 400,
  SIWE_CHAIN_UNSUPPORTED: 400,
  SIWE_DOMAIN_MISMATCH: 401,
  SIWE_EXPIRED: 401,
  SIWE_NONCE_INVALID: 401,
  SIWE_SIGNATURE_INVALID: 401,
  DELEGATION_EXPIRED: 403,
  DELEGATION_MISSING: 403,
  DATABASE_UNAVAILABLE: 503,
  NOT_PAYABLE: 409,
  DUPLICATE_REFERENCE: 409,
  PAYMENT_RECEIVED: 409,
  REQUEST_CANCELLED: 410,
  ALREADY_ASSIGNED: 409,
  ALREADY_DISMISSED: 409,
  NOT_DISMISSED: 409,
  TRANSFER_DISMISSED: 409,
  AUTHORIZATION_UNSUPPORTED: 409,
  AUTHORIZATION_MISMATCH: 400,
  AUTHORIZATION_EXPIRED: 400,
  AUTHORIZATION_USED: 409,
  SIGNATURE_INVALID: 400,
  INSUFFICIENT_BALANCE: 400,
  GASLESS_UNAVAILABLE: 400,
  GASLESS_REFUSED: 400,
  SIMULATION_FAILED: 400,
  NOT_PRICED: 409,
  QUOTE_KEY_MISSING: 409,
  QUOTE_UNAVAILABLE: 503,
  SELLER_DETAILS_MISSING: 409,
  INVOICE_NUMBER_TAKEN: 409,
  NOT_REFUNDABLE: 409,
  REFUND_EXCEEDS_RECEIVED: 409,
  REFUND_FINISHED: 409,
  SCHEDULE_STOPPED: 409,
  SUBSCRIPTION_ENDED: 409,
  PERMISSION_MISMATCH: 400,
  EMAIL_DISABLED: 400,
  EMAIL_REFUSED: 409,
  EMAIL_CONFIRMATION_LIMITED: 429,
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers })
  res.end(JSON.stringify(body))
}

/** `{ "error": { "code", "message", "field", "fields", "problem", "values" } }`, with the status the code means. */
export function sendRestError(res: ServerResponse, error: ApiError, headers: Record<string, string> = {}) {
  sendJson(
    res,
    REST_STATUS[error.code as ApiErrorCode],
    {
      error: {
        code: error.code,
        message: error.shortMessage,
        ...(error.field ? { field: error.field } : {}),
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.problem ? { problem: error.problem } : {}),
        ...(error.values ? { values: error.values } : {}),
      },
    },
    headers,
  )
}

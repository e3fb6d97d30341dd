import type { ServerResponse } from 'node:http'
import { ApiError, type ApiErrorCode } from '../../domain/apiErrors.ts'

/** HTTP status of each code the REST API answers with; the codes are GraphQL's. */
const STATUS: Partial<Record<ApiErrorCode | 'INTERNAL_SERVER_ERROR', number>> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  DELEGATION_EXPIRED: 403,
  DELEGATION_MISSING: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYMENT_RECEIVED: 409,
  DUPLICATE_REFERENCE: 409,
  INVOICE_NUMBER_TAKEN: 409,
  NOT_REFUNDABLE: 409,
  REFUND_EXCEEDS_RECEIVED: 409,
  REFUND_FINISHED: 409,
  SCHEDULE_STOPPED: 409,
  SELLER_DETAILS_MISSING: 409,
  EMAIL_REFUSED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  EMAIL_CONFIRMATION_LIMITED: 429,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers })
  res.end(JSON.stringify(body))
}

/** `{ "error": { "code", "message", "field" } }`, with the status the code means. */
export function sendRestError(res: ServerResponse, error: ApiError, headers: Record<string, string> = {}) {
  sendJson(
    res,
    STATUS[error.code] ?? 400,
    {
      error: {
        code: error.code,
        message: error.shortMessage,
        ...(error.field ? { field: error.field } : {}),
        ...(error.fields ? { fields: error.fields } : {}),
      },
    },
    headers,
  )
}

export const restError = (code: ApiErrorCode, shortMessage: string, field?: string) =>
  new ApiError({ code, shortMessage, ...(field ? { field } : {}) })

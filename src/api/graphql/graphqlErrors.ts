import { GraphQLError } from 'graphql'
import { BaseError } from '../../domain/baseError.ts'
import { isDatabaseUnavailable } from '../../domain/databaseUnavailable.ts'
import type { Logger } from '../../domain/logger.ts'
import { ApiError } from '../../domain/errors/apiError.ts'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../domain/errors/database.ts'
import type { ApiErrorCode } from '../../domain/errors/apiErrorCodes.ts'

/**
 * The `extensions.code` of every error code. Each is the class's own code today; clients branch on
 * these, so a class renamed or regrouped keeps its entry here and the wire does not change.
 */
export const GRAPHQL_CODE: Record<ApiErrorCode, string> = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  SIGNATURE_MISMATCH: 'SIGNATURE_MISMATCH',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  INVITATION_INVALID: 'INVITATION_INVALID',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  SIWE_MESSAGE_INVALID: 'SIWE_MESSAGE_INVALID',
  SIWE_DOMAIN_MISMATCH: 'SIWE_DOMAIN_MISMATCH',
  SIWE_CHAIN_UNSUPPORTED: 'SIWE_CHAIN_UNSUPPORTED',
  SIWE_EXPIRED: 'SIWE_EXPIRED',
  SIWE_NONCE_INVALID: 'SIWE_NONCE_INVALID',
  SIWE_SIGNATURE_INVALID: 'SIWE_SIGNATURE_INVALID',
  DELEGATION_EXPIRED: 'DELEGATION_EXPIRED',
  DELEGATION_MISSING: 'DELEGATION_MISSING',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  NOT_PAYABLE: 'NOT_PAYABLE',
  DUPLICATE_REFERENCE: 'DUPLICATE_REFERENCE',
  PAYMENT_RECEIVED: 'PAYMENT_RECEIVED',
  REQUEST_CANCELLED: 'REQUEST_CANCELLED',
  ALREADY_ASSIGNED: 'ALREADY_ASSIGNED',
  ALREADY_DISMISSED: 'ALREADY_DISMISSED',
  NOT_DISMISSED: 'NOT_DISMISSED',
  TRANSFER_DISMISSED: 'TRANSFER_DISMISSED',
  AUTHORIZATION_UNSUPPORTED: 'AUTHORIZATION_UNSUPPORTED',
  AUTHORIZATION_MISMATCH: 'AUTHORIZATION_MISMATCH',
  AUTHORIZATION_EXPIRED: 'AUTHORIZATION_EXPIRED',
  AUTHORIZATION_USED: 'AUTHORIZATION_USED',
  SIGNATURE_INVALID: 'SIGNATURE_INVALID',
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  GASLESS_UNAVAILABLE: 'GASLESS_UNAVAILABLE',
  GASLESS_REFUSED: 'GASLESS_REFUSED',
  SIMULATION_FAILED: 'SIMULATION_FAILED',
  NOT_PRICED: 'NOT_PRICED',
  QUOTE_KEY_MISSING: 'QUOTE_KEY_MISSING',
  QUOTE_UNAVAILABLE: 'QUOTE_UNAVAILABLE',
  SELLER_DETAILS_MISSING: 'SELLER_DETAILS_MISSING',
  INVOICE_NUMBER_TAKEN: 'INVOICE_NUMBER_TAKEN',
  NOT_REFUNDABLE: 'NOT_REFUNDABLE',
  REFUND_EXCEEDS_RECEIVED: 'REFUND_EXCEEDS_RECEIVED',
  REFUND_FINISHED: 'REFUND_FINISHED',
  SCHEDULE_STOPPED: 'SCHEDULE_STOPPED',
  SUBSCRIPTION_ENDED: 'SUBSCRIPTION_ENDED',
  PERMISSION_MISMATCH: 'PERMISSION_MISMATCH',
  EMAIL_DISABLED: 'EMAIL_DISABLED',
  EMAIL_REFUSED: 'EMAIL_REFUSED',
  EMAIL_CONFIRMATION_LIMITED: 'EMAIL_CONFIRMATION_LIMITED',
}

/** Codes for errors that GraphQL itself or the request limits raise, recognised by their origin. */
export function codeOf(error: GraphQLError): string {
  const existing = error.extensions?.code
  if (typeof existing === 'string') return existing
  const message = error.message
  if (/POST body sent invalid JSON|Request body is not a valid JSON|Unexpected token|JSON/i.test(message))
    return 'BAD_REQUEST'
  if (/^Syntax Error/.test(message)) return 'GRAPHQL_PARSE_FAILED'
  // A variable of the wrong type or value (an unknown status, a date that is not one) is the user's input.
  if (/^Variable "\$[^"]+" got invalid value/.test(message)) return 'BAD_USER_INPUT'
  if (error.extensions?.http && (error.extensions.http as { status?: number }).status === 400) return 'BAD_REQUEST'
  if (!error.path) return 'GRAPHQL_VALIDATION_FAILED'
  return 'INTERNAL_SERVER_ERROR'
}

/**
 * Errors we raise on purpose keep their code and sentence; anything else becomes one plain sentence
 * with the request id, and the real error goes to the log under that id.
 */
/** By name, not instanceof: graphql's ESM and CommonJS builds can both be loaded, each with its own class. */
function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError'
}

export function maskError(
  error: unknown,
  requestId: string,
  { production, logger }: { production: boolean; logger: Logger },
): GraphQLError {
  if (!isGraphQLError(error)) return unexpected(error)
  const original = error.originalError
  if (original instanceof ApiError) {
    return new GraphQLError(original.shortMessage, {
      nodes: error.nodes,
      path: error.path,
      extensions: {
        code: GRAPHQL_CODE[original.code as ApiErrorCode],
        ...(original.field ? { field: original.field } : {}),
        ...(original.fields ? { fields: original.fields } : {}),
        ...(original.problem ? { problem: original.problem } : {}),
        ...(original.values ? { values: original.values } : {}),
      },
    })
  }
  if (original && isDatabaseUnavailable(original)) {
    logger.warn(`[${requestId}] database unavailable: ${original.message}`, { requestId })
    return new GraphQLError(DATABASE_UNAVAILABLE_MESSAGE, {
      nodes: error.nodes,
      path: error.path,
      extensions: { code: GRAPHQL_CODE.DATABASE_UNAVAILABLE, requestId },
    })
  }
  if (original && !isGraphQLError(original) && !(original instanceof BaseError && original.code))
    return unexpected(original, error)
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    path: error.path,
    extensions: { ...error.extensions, code: codeOf(error) },
  })

  function unexpected(cause: unknown, graphqlError?: GraphQLError) {
    logger.error(
      `[${requestId}] unexpected error: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`,
      { requestId },
    )
    return new GraphQLError(
      production
        ? 'Something went wrong on our side. Try again; if it keeps happening, report this request id.'
        : String(cause instanceof Error ? cause.message : cause),
      {
        nodes: graphqlError?.nodes,
        path: graphqlError?.path,
        extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
      },
    )
  }
}

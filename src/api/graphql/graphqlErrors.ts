import { GraphQLError } from 'graphql'
import { BaseError } from '../../domain/baseError.ts'
import { ApiError, DATABASE_UNAVAILABLE_MESSAGE } from '../../domain/apiErrors.ts'
import { isDatabaseUnavailable } from '../../domain/databaseUnavailable.ts'
import type { Logger } from '../../domain/logger.ts'

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
        code: original.code,
        ...(original.field ? { field: original.field } : {}),
        ...(original.fields ? { fields: original.fields } : {}),
      },
    })
  }
  if (original && isDatabaseUnavailable(original)) {
    logger.warn(`[${requestId}] database unavailable: ${original.message}`, { requestId })
    return new GraphQLError(DATABASE_UNAVAILABLE_MESSAGE, {
      nodes: error.nodes,
      path: error.path,
      extensions: { code: 'DATABASE_UNAVAILABLE', requestId },
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

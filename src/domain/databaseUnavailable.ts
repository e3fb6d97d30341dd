// postgres.js's codes for a connection that went or never came, and the socket's own.
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
])

/**
 * Whether an error means the database could not be reached, not that the query was wrong: a lost
 * connection, SQLSTATE class 08 (connection exception), 57P01–57P03 (the server shutting down or
 * starting), or 25006 (a write sent to a replica that is not promoted yet). Drizzle's wrapping is seen through.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^(08|57P0[123]|25006)/.test(code))) return true
    cause = cause.cause
  }
  return false
}

import type { ServerResponse } from 'node:http'

/** An error answered outside GraphQL execution, in the same shape as GraphQL's: `errors[0].extensions.code`. */
export function sendJsonError(
  res: ServerResponse,
  status: number,
  error: { code: string; message: string; field?: string },
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(
    JSON.stringify({
      errors: [
        { message: error.message, extensions: { code: error.code, ...(error.field ? { field: error.field } : {}) } },
      ],
    }),
  )
}

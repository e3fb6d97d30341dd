import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { createApi } from '../api/createApi.ts'
import { createRateLimiter } from './rateLimiter.ts'

export const MAX_GRAPHQL_BODY_BYTES = 100 * 1024

type Api = ReturnType<typeof createApi>

function sendError(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify({ errors: [{ message, extensions: { code } }] }))
}

/** The client's address; X-Forwarded-For only counts behind a proxy we were told to trust. */
function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for']
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
    if (first) return first
  }
  return req.socket.remoteAddress ?? 'unknown'
}

/**
 * /graphql over Node's HTTP server: rate limit and body size are enforced before GraphQL sees the
 * request, each with its own code; cookies set by resolvers are added to the response.
 */
export function createGraphqlHandler(api: Api, { rateLimitPerMinute, trustProxy }: { rateLimitPerMinute: number; trustProxy: boolean }) {
  const limiter = createRateLimiter({ perMinute: rateLimitPerMinute })
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = randomUUID()
    res.setHeader('x-request-id', requestId)
    const verdict = limiter.take(clientIp(req, trustProxy))
    if (!verdict.allowed)
      return sendError(res, 429, 'RATE_LIMITED', `Too many requests. Try again in ${verdict.retryAfterSeconds} s.`, {
        'retry-after': String(verdict.retryAfterSeconds),
      })

    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > MAX_GRAPHQL_BODY_BYTES) {
      req.resume()
      return sendError(res, 413, 'REQUEST_TOO_LARGE', `The request body is larger than ${MAX_GRAPHQL_BODY_BYTES / 1024} KB.`, { connection: 'close' })
    }
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > MAX_GRAPHQL_BODY_BYTES)
        return sendError(res, 413, 'REQUEST_TOO_LARGE', `The request body is larger than ${MAX_GRAPHQL_BODY_BYTES / 1024} KB.`, { connection: 'close' })
      chunks.push(chunk as Buffer)
    }

    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const cookies: string[] = []
    const abort = new AbortController()
    res.on('close', () => abort.abort())
    const response = await api.fetch(
      new Request(new URL(req.url ?? '/graphql', 'http://localhost'), {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
        signal: abort.signal,
      }),
      { requestId, setCookie: (cookie: string) => cookies.push(cookie) },
    )
    const outgoing: [string, string][] = []
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') outgoing.push([name, value])
    })
    for (const cookie of [...response.headers.getSetCookie(), ...cookies]) outgoing.push(['set-cookie', cookie])
    res.writeHead(response.status, outgoing.flat())
    if (!response.body) return res.end()
    // Streams (server-sent events for subscriptions) are passed through as they come.
    const reader = response.body.getReader()
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        if (!res.write(chunk.value)) await new Promise((resolve) => res.once('drain', resolve))
      }
    } catch {
      // The client went away mid-stream; nothing to tell it.
    } finally {
      res.end()
    }
  }
  return (req: IncomingMessage, res: ServerResponse) =>
    handle(req, res).catch((error: unknown) => {
      console.error('[graphql] request failed before GraphQL could answer:', error)
      if (!res.headersSent) sendError(res, 500, 'INTERNAL_SERVER_ERROR', 'Something went wrong on our side.')
      else res.end()
    })
}

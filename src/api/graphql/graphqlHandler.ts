import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { createApi } from './createApi.ts'
import { readConsistencyOf } from './readConsistency.ts'
import { sendJsonError } from '../../http/httpErrors.ts'
import { clientIp } from '../../http/clientIp.ts'
import { crossSiteRefusal } from '../../http/crossSite.ts'
import { localRateLimiters, type RateLimiters } from '../../http/sharedRateLimiter.ts'

export const MAX_GRAPHQL_BODY_BYTES = 100 * 1024

type Api = ReturnType<typeof createApi>

/**
 * /graphql: the rate limit and the body size are enforced before GraphQL reads anything, each with
 * its own code; then Yoga's own Node adapter takes the request.
 */
export function createGraphqlHandler(
  api: Api,
  {
    rateLimitPerMinute,
    trustProxy,
    appOrigin,
    limiters = localRateLimiters(),
  }: { rateLimitPerMinute: number; trustProxy: boolean; appOrigin: string; limiters?: RateLimiters },
) {
  const limiter = limiters('graphql', rateLimitPerMinute)
  return async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = String(res.getHeader('x-request-id') ?? randomUUID())
    const ip = clientIp(req, trustProxy)
    const verdict = await limiter.take(ip)
    if (!verdict.allowed)
      return sendJsonError(
        res,
        429,
        { code: 'RATE_LIMITED', message: `Too many requests. Try again in ${verdict.retryAfterSeconds} s.` },
        {
          'retry-after': String(verdict.retryAfterSeconds),
        },
      )
    if (req.method === 'POST') {
      const refusal = crossSiteRefusal(req, appOrigin)
      if (refusal) {
        req.resume()
        return sendJsonError(res, refusal.status, refusal, { connection: 'close' })
      }
      const length = req.headers['content-length']
      // Without a declared length the size could only be known by reading it all: such bodies are refused.
      if (length === undefined)
        return sendJsonError(
          res,
          411,
          { code: 'LENGTH_REQUIRED', message: 'Send the request with a Content-Length header.' },
          { connection: 'close' },
        )
      if (Number(length) > MAX_GRAPHQL_BODY_BYTES) {
        req.resume()
        return sendJsonError(
          res,
          413,
          {
            code: 'REQUEST_TOO_LARGE',
            message: `The request body is larger than ${MAX_GRAPHQL_BODY_BYTES / 1024} KB.`,
          },
          { connection: 'close' },
        )
      }
    }
    return api.handle(req, res, {
      requestId,
      clientIp: ip,
      cookies: [],
      consistency: readConsistencyOf(req.headers.cookie),
    })
  }
}

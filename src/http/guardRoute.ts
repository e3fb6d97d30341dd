import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJsonError } from './httpErrors.ts'
import type { Logger } from '../domain/logger.ts'

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown

/**
 * A route whose failures never escape the request: a client that went away mid-body only has its
 * socket closed; anything else is logged once and answered 500 (or, when the answer had begun, the
 * socket is closed). One bad request must never take the server down.
 */
export function guardRoute(route: string, handler: Handler, logger: Logger): Handler {
  return (req, res) => {
    const fail = (error: unknown) => {
      if (req.destroyed || (error as { code?: string } | null)?.code === 'ECONNRESET') return void res.destroy()
      const requestId = res.getHeader('x-request-id')
      logger.error(
        `[http] ${req.method} ${route}${requestId ? ` (request ${requestId})` : ''} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      )
      if (res.headersSent) return void res.destroy()
      sendJsonError(
        res,
        500,
        {
          code: 'INTERNAL_SERVER_ERROR',
          message: `Something went wrong on our side. Try again${requestId ? `; if it keeps happening, quote request ${requestId}` : ''}.`,
        },
        { connection: 'close' },
      )
    }
    try {
      const result = handler(req, res)
      if (result instanceof Promise) result.catch(fail)
    } catch (error) {
      fail(error)
    }
  }
}

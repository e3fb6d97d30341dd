import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown

/** One finished request, for the access log. */
export type RequestRecord = { requestId: string; method: string; path: string; status: number; ms: number }

export type RequestRouterOptions = {
  routes: ReadonlyMap<string, Handler>
  prefixes: readonly (readonly [prefix: string, handler: Handler])[]
  fallback: Handler
  headers: Record<string, string>
  draining: () => boolean
  observe: (path: string, method: string, status: number, seconds: number) => void
  onRequestDone?: ((record: RequestRecord) => void) | undefined
}

/**
 * Dispatches by path (exact paths first, then prefixes such as `/api/v1/`, then the web app) and
 * does what every answer needs: the security headers, a request id its log lines use (so a person
 * reporting a failure can quote it), the metrics and the access log. Keeps the set of answers in
 * progress, which a drain waits for.
 */
export function createRequestRouter(options: RequestRouterOptions) {
  const active = new Set<ServerResponse>()
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now()
    const requestId = randomUUID()
    for (const [name, value] of Object.entries(options.headers)) res.setHeader(name, value)
    res.setHeader('x-request-id', requestId)
    if (options.draining()) res.setHeader('connection', 'close')
    const path = new URL(req.url ?? '/', 'http://x').pathname
    active.add(res)
    res.once('close', () => {
      active.delete(res)
      const ms = performance.now() - started
      options.observe(path, req.method ?? 'GET', res.statusCode, ms / 1000)
      options.onRequestDone?.({
        requestId,
        method: req.method ?? 'GET',
        path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      })
    })
    const route =
      options.routes.get(path) ?? options.prefixes.find(([prefix]) => path.startsWith(prefix))?.[1] ?? options.fallback
    route(req, res)
  }
  return { handle, active }
}

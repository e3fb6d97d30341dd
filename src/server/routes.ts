import { REST_PREFIX } from '../api/rest/restApi.ts'
import { X402_PREFIX } from '../api/x402/x402Api.ts'
import { guardRoute } from '../http/guardRoute.ts'
import { createRequestRouter, type Handler, type RequestRecord } from '../http/requestRouter.ts'
import { securityHeaders } from '../http/securityHeaders.ts'
import type { ChainConnections } from './chainConnections.ts'
import type { createHealthChecks } from './ops/health.ts'
import type { createMetrics } from './ops/metrics.ts'
import type { createTransports } from './transports.ts'
import type { Logger } from '../domain/logger.ts'

export type RouteParts = {
  transports: Awaited<ReturnType<typeof createTransports>>
  relays: ChainConnections['relays']
  health: ReturnType<typeof createHealthChecks>
  metrics: ReturnType<typeof createMetrics>
  web: Handler
  logger: Logger
}

export type RouteOptions = {
  production: boolean
  https: boolean
  metricsToken?: string | undefined
  walletConnectRelayUrl?: string | undefined
  draining(): boolean
  onRequestDone?: ((record: RequestRecord) => void) | undefined
}

/** Every path the server answers, each under the guard that keeps one failing request from the others. */
export function createRoutes(parts: RouteParts, options: RouteOptions) {
  const { transports, health, metrics, logger } = parts
  const guarded = (name: string, handler: Handler): Handler => guardRoute(name, handler, logger)
  const routes = new Map<string, Handler>([
    ['/healthz', health.healthz],
    ['/readyz', guarded('/readyz', health.readyz)],
    ['/metrics', guarded('/metrics', metrics.handler(options.metricsToken))],
    ['/graphql', guarded('/graphql', transports.graphql)],
    ['/email/confirm', guarded('/email/confirm', transports.emailLinks)],
    ['/email/unsubscribe', guarded('/email/unsubscribe', transports.emailLinks)],
    ...[...parts.relays].map(([path, relay]) => [path, guarded(path, relay)] as const),
  ])
  return createRequestRouter({
    routes,
    prefixes: [
      [REST_PREFIX, guarded('/api/v1', transports.rest)],
      [X402_PREFIX, guarded('/x402', transports.x402)],
      ['/export/', guarded('/export', transports.exports)],
      [
        '/invoices/',
        guarded('/invoices', (req, res) =>
          transports.invoiceXml(req, res, (rq, rs) => transports.invoicePdf(rq, rs, parts.web)),
        ),
      ],
      [
        '/credit-notes/',
        guarded('/credit-notes', (req, res) => transports.creditNoteXml(req, res, transports.creditNotePdf)),
      ],
    ],
    fallback: guarded('web app', parts.web),
    headers: securityHeaders({
      production: options.production,
      https: options.https,
      walletConnectRelayUrl: options.walletConnectRelayUrl,
    }),
    draining: options.draining,
    observe: (path, method, status, seconds) => metrics.observeHttp(routeKind(path), method, status, seconds),
    onRequestDone: options.onRequestDone,
  })
}

/** The route's kind for metrics: a bounded set, whatever paths clients make up. */
function routeKind(path: string): string {
  if (path.startsWith('/rpc/')) return '/rpc'
  if (path.startsWith('/export/')) return '/export'
  if (path.startsWith('/api/v1/')) return '/api/v1'
  if (path.startsWith('/x402/')) return '/x402'
  if (/^\/invoices\/[^/]+\.pdf$/.test(path)) return '/invoices/pdf'
  if (path.startsWith('/credit-notes/')) return '/credit-notes/pdf'
  if (['/graphql', '/healthz', '/readyz', '/metrics'].includes(path)) return path
  if (path.startsWith('/assets/') || path.startsWith('/walletconnect/')) return '/assets'
  return 'page'
}

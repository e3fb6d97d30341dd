import type { IncomingMessage } from 'node:http'

/**
 * Why a state-changing request must not be trusted as coming from the app's own pages, or
 * undefined. A form or a text/plain post from another site carries the session cookie but cannot
 * send application/json without a CORS preflight (which is never granted); the Origin and
 * Sec-Fetch-Site headers catch what remains.
 */
export function crossSiteRefusal(
  req: IncomingMessage,
  appOrigin: string,
): { status: number; code: string; message: string } | undefined {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json')
    return {
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `Send GraphQL requests as application/json; got "${type || 'no Content-Type'}".`,
    }
  if (req.headers['sec-fetch-site'] === 'cross-site')
    return { status: 403, code: 'CROSS_SITE_REQUEST', message: 'Requests from other sites are not accepted.' }
  const origin = req.headers.origin
  if (origin !== undefined && origin !== appOrigin && hostOf(origin) !== req.headers.host)
    return {
      status: 403,
      code: 'CROSS_SITE_REQUEST',
      message: `Requests from ${origin.slice(0, 100)} are not accepted.`,
    }
  return undefined
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}

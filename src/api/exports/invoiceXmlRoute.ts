import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../../db/createDatabase.ts'
import { clientIp } from '../../http/clientIp.ts'
import type { RateLimiter } from '../../http/sharedRateLimiter.ts'
import {
  requestEInvoice,
  type ChainLookup,
  type EInvoiceFlavour,
} from '../../payments/invoices/einvoice/requestEInvoice.ts'

const XML_PATH = /^\/invoices\/([A-Za-z0-9_-]{1,64})(\.xrechnung|\.ubl)?\.xml$/
const FLAVOUR: Record<string, EInvoiceFlavour> = { '': 'cii', '.xrechnung': 'xrechnung-cii', '.ubl': 'xrechnung-ubl' }

const sendText = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers })
  res.end(text)
}

/**
 * The invoice's e-invoice beside its PDF, for whoever holds the request's link, as the PDF is:
 * `/invoices/{id}.xml` (CII, Factur-X's EN 16931 profile), `/invoices/{id}.xrechnung.xml` (XRechnung
 * in CII) and `/invoices/{id}.ubl.xml` (XRechnung in UBL). An invoice that cannot have one gets 409
 * and the reason. Other paths go on to `next` (the PDF, then the app's pages).
 */
export function createInvoiceXmlRoute(options: {
  db: Db
  publicUrl: string
  chains: ChainLookup
  limiter: RateLimiter
  trustProxy: boolean
}) {
  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    next: (req: IncomingMessage, res: ServerResponse) => unknown,
  ) {
    const url = new URL(req.url ?? '/', 'http://x')
    const match = XML_PATH.exec(url.pathname)
    if (!match) return next(req, res)
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendText(res, 405, 'An e-invoice is read with GET.', { allow: 'GET' })
    const verdict = await options.limiter.take(`xml:${clientIp(req, options.trustProxy)}`)
    if (!verdict.allowed)
      return sendText(res, 429, `Too many e-invoices asked for. Retry in ${verdict.retryAfterSeconds} s.`, {
        'retry-after': String(verdict.retryAfterSeconds),
      })
    const flavour = FLAVOUR[match[2] ?? '']!
    const made = await requestEInvoice(options.db, match[1]!, flavour, {
      publicUrl: options.publicUrl,
      chains: options.chains,
    })
    if (!made) return sendText(res, 404, 'There is no invoice with this id.')
    if ('unavailable' in made) return sendText(res, 409, made.unavailable)
    const body = Buffer.from(made.xml, 'utf8')
    const suffix = flavour === 'cii' ? '' : flavour === 'xrechnung-cii' ? '-xrechnung' : '-xrechnung-ubl'
    res.writeHead(200, {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="invoice-${made.number.replace(/[^A-Za-z0-9_.-]/g, '_')}${suffix}.xml"`,
      'content-length': String(body.byteLength),
      'cache-control': 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}

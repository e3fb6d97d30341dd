import type { IncomingMessage, ServerResponse } from 'node:http'
import { clientIp } from '../../http/clientIp.ts'
import type { RateLimiter } from '../../http/sharedRateLimiter.ts'
import type { EInvoiceFlavour } from '../../payments/invoices/einvoice/requestEInvoice.ts'
import { sendText } from './documentAnswers.ts'

const FLAVOUR: Record<string, EInvoiceFlavour> = { '': 'cii', '.xrechnung': 'xrechnung-cii', '.ubl': 'xrechnung-ubl' }
const SUFFIX: Record<EInvoiceFlavour, string> = {
  cii: '',
  'xrechnung-cii': '-xrechnung',
  'xrechnung-ubl': '-xrechnung-ubl',
}

export type MadeXml = { xml: string; number: string } | { unavailable: string } | undefined

/**
 * A document's e-invoice beside its PDF, as the PDF is served: `path` matches `{id}` then
 * `.xrechnung` or `.ubl` or nothing before `.xml` (CII, XRechnung in CII, XRechnung in UBL). A
 * document that cannot have one gets 409 and the reason; other paths go on to `next`.
 */
export function createEInvoiceXmlRoute(options: {
  path: RegExp
  make: (id: string, flavour: EInvoiceFlavour) => Promise<MadeXml>
  /** The 405 and 404 answers' words, and the file name's first word (`invoice`). */
  words: { wrongMethod: string; notFound: string; file: string }
  limiter: RateLimiter
  trustProxy: boolean
}) {
  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    next: (req: IncomingMessage, res: ServerResponse) => unknown,
  ) {
    const url = new URL(req.url ?? '/', 'http://x')
    const match = options.path.exec(url.pathname)
    if (!match) return next(req, res)
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendText(res, 405, options.words.wrongMethod, { allow: 'GET' })
    const verdict = await options.limiter.take(`xml:${clientIp(req, options.trustProxy)}`)
    if (!verdict.allowed)
      return sendText(res, 429, `Too many e-invoices asked for. Retry in ${verdict.retryAfterSeconds} s.`, {
        'retry-after': String(verdict.retryAfterSeconds),
      })
    const flavour = FLAVOUR[match[2] ?? '']!
    const made = await options.make(match[1]!, flavour)
    if (!made) return sendText(res, 404, options.words.notFound)
    if ('unavailable' in made) return sendText(res, 409, made.unavailable)
    const body = Buffer.from(made.xml, 'utf8')
    const name = `${options.words.file}-${made.number.replace(/[^A-Za-z0-9_.-]/g, '_')}${SUFFIX[flavour]}.xml`
    res.writeHead(200, {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'content-length': String(body.byteLength),
      'cache-control': 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}

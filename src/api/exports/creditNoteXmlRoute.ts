import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../../db/createDatabase.ts'
import { clientIp } from '../../http/clientIp.ts'
import type { RateLimiter } from '../../http/sharedRateLimiter.ts'
import { creditNoteXmlOf } from '../../payments/creditNotes/creditNoteXmlOf.ts'
import type { ChainLookup, EInvoiceFlavour } from '../../payments/invoices/einvoice/requestEInvoice.ts'

const XML_PATH = /^\/credit-notes\/([A-Za-z0-9]{1,32})(\.xrechnung|\.ubl)?\.xml$/
const FLAVOUR: Record<string, EInvoiceFlavour> = { '': 'cii', '.xrechnung': 'xrechnung-cii', '.ubl': 'xrechnung-ubl' }

const sendText = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers })
  res.end(text)
}

/**
 * A credit note's e-invoice (type 381) beside its PDF, for whoever holds its link, as the PDF is:
 * `/credit-notes/{id}.xml` (CII, EN 16931), `.xrechnung.xml` (XRechnung in CII) and `.ubl.xml`
 * (XRechnung in UBL). 409 with the reason when its invoice has none; other paths go on to `next`.
 */
export function createCreditNoteXmlRoute(options: {
  db: Db
  chains: Pick<ChainLookup, 'chainName' | 'explorerUrl'>
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
      return sendText(res, 405, 'A credit note is read with GET.', { allow: 'GET' })
    const verdict = await options.limiter.take(`xml:${clientIp(req, options.trustProxy)}`)
    if (!verdict.allowed)
      return sendText(res, 429, `Too many e-invoices asked for. Retry in ${verdict.retryAfterSeconds} s.`, {
        'retry-after': String(verdict.retryAfterSeconds),
      })
    const flavour = FLAVOUR[match[2] ?? '']!
    const made = await creditNoteXmlOf(options.db, match[1]!, flavour, { chains: options.chains })
    if (!made) return sendText(res, 404, 'There is no credit note with this id.')
    if ('unavailable' in made) return sendText(res, 409, made.unavailable)
    const body = Buffer.from(made.xml, 'utf8')
    const suffix = flavour === 'cii' ? '' : flavour === 'xrechnung-cii' ? '-xrechnung' : '-xrechnung-ubl'
    res.writeHead(200, {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="credit-note-${made.number.replace(/[^A-Za-z0-9_.-]/g, '_')}${suffix}.xml"`,
      'content-length': String(body.byteLength),
      'cache-control': 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../../db/createDatabase.ts'
import { clientIp } from '../../http/clientIp.ts'
import type { RateLimiter } from '../../http/sharedRateLimiter.ts'
import { invoicePdfOf, type EInvoiceXmlOf } from '../../payments/invoices/invoicePdfOf.ts'
import { PdfBusyError } from '../../payments/invoices/pdf/pdfThread.ts'

const PDF_PATH = /^\/invoices\/([A-Za-z0-9_-]{1,64})\.pdf$/

const sendText = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers })
  res.end(text)
}

/**
 * `/invoices/{id}.pdf` (`?paper=letter` for US Letter): the invoice as a PDF, for whoever holds the
 * request's link, as the pay page is. Made fresh each time (it is stamped once paid), so each
 * client may ask for a bounded number a minute. Other paths under /invoices/ are the app's pages.
 */
export function createInvoicePdfRoute(options: {
  db: Db
  publicUrl: string
  chainName: (chainId: number) => string
  /** Where an invoice's CII XML comes from; an invoice with one is served as its Factur-X PDF. */
  eInvoiceXml?: EInvoiceXmlOf
  limiter: RateLimiter
  trustProxy: boolean
}) {
  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    page: (req: IncomingMessage, res: ServerResponse) => unknown,
  ) {
    const url = new URL(req.url ?? '/', 'http://x')
    const id = PDF_PATH.exec(url.pathname)?.[1]
    if (!id) return page(req, res)
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendText(res, 405, 'An invoice is read with GET.', { allow: 'GET' })
    const paper = url.searchParams.get('paper') ?? 'a4'
    if (paper !== 'a4' && paper !== 'letter') return sendText(res, 400, 'paper must be "a4" or "letter".')
    const verdict = await options.limiter.take(`pdf:${clientIp(req, options.trustProxy)}`)
    if (!verdict.allowed)
      return sendText(res, 429, `Too many invoices asked for. Retry in ${verdict.retryAfterSeconds} s.`, {
        'retry-after': String(verdict.retryAfterSeconds),
      })
    let made: Awaited<ReturnType<typeof invoicePdfOf>>
    try {
      made = await invoicePdfOf(options.db, id, {
        publicUrl: options.publicUrl,
        paper,
        chainName: options.chainName,
        eInvoiceXml: options.eInvoiceXml,
      })
    } catch (error) {
      if (!(error instanceof PdfBusyError)) throw error
      return sendText(res, 503, error.shortMessage, { 'retry-after': '5' })
    }
    if (!made) return sendText(res, 404, 'There is no invoice with this id.')
    res.writeHead(200, {
      // A browser shows a PDF in its own viewer, a plugin in a frame: the app's policy (no objects, no
      // framing) would stop it. A PDF runs nothing of ours, so its policy allows just that viewer.
      'content-security-policy': "default-src 'none'; object-src 'self'; frame-ancestors 'self'",
      'x-frame-options': 'SAMEORIGIN',
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="invoice-${made.number.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf"`,
      'content-length': String(made.pdf.byteLength),
      'cache-control': 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : made.pdf)
  }
}

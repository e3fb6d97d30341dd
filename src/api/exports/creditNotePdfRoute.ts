import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../../db/createDatabase.ts'
import { clientIp } from '../../http/clientIp.ts'
import type { RateLimiter } from '../../http/sharedRateLimiter.ts'
import { creditNotePdfOf } from '../../payments/creditNotes/creditNotePdfOf.ts'
import { PdfBusyError } from '../../payments/invoices/pdf/pdfThread.ts'

const PDF_PATH = /^\/credit-notes\/([A-Za-z0-9]{1,32})\.pdf$/

const sendText = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers })
  res.end(text)
}

/**
 * `/credit-notes/{id}.pdf` (`?paper=letter` for US Letter): a credit note as a PDF, for whoever holds
 * its link (its invoice's pay page lists them), drawn on the invoices' PDF thread under the same limit.
 */
export function createCreditNotePdfRoute(options: {
  db: Db
  chainName: (chainId: number) => string
  /** Where a credit note's CII XML comes from; a note with one is served as its Factur-X PDF. */
  eInvoiceXml?: (id: string) => Promise<string | undefined>
  limiter: RateLimiter
  trustProxy: boolean
}) {
  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x')
    const id = PDF_PATH.exec(url.pathname)?.[1]
    if (!id) return sendText(res, 404, 'There is no credit note here.')
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendText(res, 405, 'A credit note is read with GET.', { allow: 'GET' })
    const paper = url.searchParams.get('paper') ?? 'a4'
    if (paper !== 'a4' && paper !== 'letter') return sendText(res, 400, 'paper must be "a4" or "letter".')
    const verdict = await options.limiter.take(`pdf:${clientIp(req, options.trustProxy)}`)
    if (!verdict.allowed)
      return sendText(res, 429, `Too many PDFs asked for. Retry in ${verdict.retryAfterSeconds} s.`, {
        'retry-after': String(verdict.retryAfterSeconds),
      })
    let made: Awaited<ReturnType<typeof creditNotePdfOf>>
    try {
      made = await creditNotePdfOf(options.db, id, {
        paper,
        chainName: options.chainName,
        eInvoiceXml: options.eInvoiceXml,
      })
    } catch (error) {
      if (!(error instanceof PdfBusyError)) throw error
      return sendText(res, 503, error.shortMessage, { 'retry-after': '5' })
    }
    if (!made) return sendText(res, 404, 'There is no credit note with this id.')
    res.writeHead(200, {
      'content-security-policy': "default-src 'none'; object-src 'self'; frame-ancestors 'self'",
      'x-frame-options': 'SAMEORIGIN',
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="credit-note-${made.number.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf"`,
      'content-length': String(made.pdf.byteLength),
      'cache-control': 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : made.pdf)
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http'
import { clientIp } from '../../http/clientIp.ts'
import type { RateLimiter } from '../../http/sharedRateLimiter.ts'
import type { Paper } from '../../payments/invoices/pdf/pdfCursor.ts'
import { PdfBusyError } from '../../payments/invoices/pdf/pdfThread.ts'

/** A short plain-text answer (an error or a refusal) that no cache keeps. */
export const sendText = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers })
  res.end(text)
}

/**
 * A document's PDF as every PDF route answers it: GET or HEAD only, `?paper=a4|letter`, a bounded
 * number a minute per client, 503 while the PDF thread is full, and the PDF inline under a policy
 * that lets the browser's viewer show it.
 */
export async function answerPdf(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: {
    make: (paper: Paper) => Promise<{ pdf: Uint8Array; number: string } | undefined>
    /** The answers' words, and the file name's first word (`invoice`). */
    words: { wrongMethod: string; tooMany: string; notFound: string; file: string }
    limiter: RateLimiter
    trustProxy: boolean
  },
) {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendText(res, 405, options.words.wrongMethod, { allow: 'GET' })
  const paper = url.searchParams.get('paper') ?? 'a4'
  if (paper !== 'a4' && paper !== 'letter') return sendText(res, 400, 'paper must be "a4" or "letter".')
  const verdict = await options.limiter.take(`pdf:${clientIp(req, options.trustProxy)}`)
  if (!verdict.allowed)
    return sendText(res, 429, `${options.words.tooMany} Retry in ${verdict.retryAfterSeconds} s.`, {
      'retry-after': String(verdict.retryAfterSeconds),
    })
  let made: Awaited<ReturnType<typeof options.make>>
  try {
    made = await options.make(paper)
  } catch (error) {
    if (!(error instanceof PdfBusyError)) throw error
    return sendText(res, 503, error.shortMessage, { 'retry-after': '5' })
  }
  if (!made) return sendText(res, 404, options.words.notFound)
  res.writeHead(200, {
    // A browser shows a PDF in its own viewer, a plugin in a frame: the app's policy (no objects, no
    // framing) would stop it. A PDF runs nothing of ours, so its policy allows just that viewer.
    'content-security-policy': "default-src 'none'; object-src 'self'; frame-ancestors 'self'",
    'x-frame-options': 'SAMEORIGIN',
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${options.words.file}-${made.number.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf"`,
    'content-length': String(made.pdf.byteLength),
    'cache-control': 'no-store',
  })
  res.end(req.method === 'HEAD' ? undefined : made.pdf)
}

import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../../db/createDatabase.ts'
import type { RateLimiter } from '../../http/sharedRateLimiter.ts'
import { creditNotePdfOf } from '../../payments/creditNotes/creditNotePdfOf.ts'
import { answerPdf, sendText } from './documentAnswers.ts'

const PDF_PATH = /^\/credit-notes\/([A-Za-z0-9]{1,32})\.pdf$/

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
    return answerPdf(req, res, url, {
      make: (paper) =>
        creditNotePdfOf(options.db, id, { paper, chainName: options.chainName, eInvoiceXml: options.eInvoiceXml }),
      words: {
        wrongMethod: 'A credit note is read with GET.',
        tooMany: 'Too many PDFs asked for.',
        notFound: 'There is no credit note with this id.',
        file: 'credit-note',
      },
      limiter: options.limiter,
      trustProxy: options.trustProxy,
    })
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../../db/createDatabase.ts'
import type { RateLimiter } from '../../http/sharedRateLimiter.ts'
import { invoicePdfOf, type EInvoiceXmlOf } from '../../payments/invoices/invoicePdfOf.ts'
import { answerPdf } from './documentAnswers.ts'

const PDF_PATH = /^\/invoices\/([A-Za-z0-9_-]{1,64})\.pdf$/

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
    return answerPdf(req, res, url, {
      make: (paper) =>
        invoicePdfOf(options.db, id, {
          publicUrl: options.publicUrl,
          paper,
          chainName: options.chainName,
          eInvoiceXml: options.eInvoiceXml,
        }),
      words: {
        wrongMethod: 'An invoice is read with GET.',
        tooMany: 'Too many invoices asked for.',
        notFound: 'There is no invoice with this id.',
        file: 'invoice',
      },
      limiter: options.limiter,
      trustProxy: options.trustProxy,
    })
  }
}

import type { Db } from '../../db/createDatabase.ts'
import type { RateLimiter } from '../../http/sharedRateLimiter.ts'
import { requestEInvoice, type ChainLookup } from '../../payments/invoices/einvoice/requestEInvoice.ts'
import { createEInvoiceXmlRoute } from './eInvoiceXmlRoute.ts'

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
  return createEInvoiceXmlRoute({
    path: /^\/invoices\/([A-Za-z0-9_-]{1,64})(\.xrechnung|\.ubl)?\.xml$/,
    make: (id, flavour) =>
      requestEInvoice(options.db, id, flavour, { publicUrl: options.publicUrl, chains: options.chains }),
    words: {
      wrongMethod: 'An e-invoice is read with GET.',
      notFound: 'There is no invoice with this id.',
      file: 'invoice',
    },
    limiter: options.limiter,
    trustProxy: options.trustProxy,
  })
}

import type { Db } from '../../db/createDatabase.ts'
import type { RateLimiter } from '../../http/sharedRateLimiter.ts'
import { creditNoteXmlOf } from '../../payments/creditNotes/creditNoteXmlOf.ts'
import type { ChainLookup } from '../../payments/invoices/einvoice/requestEInvoice.ts'
import { createEInvoiceXmlRoute } from './eInvoiceXmlRoute.ts'

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
  return createEInvoiceXmlRoute({
    path: /^\/credit-notes\/([A-Za-z0-9]{1,32})(\.xrechnung|\.ubl)?\.xml$/,
    make: (id, flavour) => creditNoteXmlOf(options.db, id, flavour, { chains: options.chains }),
    words: {
      wrongMethod: 'A credit note is read with GET.',
      notFound: 'There is no credit note with this id.',
      file: 'credit-note',
    },
    limiter: options.limiter,
    trustProxy: options.trustProxy,
  })
}

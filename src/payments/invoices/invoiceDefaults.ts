import { dueDateAfter, isoDate } from '../../domain/invoice/invoiceDraft.ts'
import type { SellerDetailsRow } from './sellerDetails.ts'

/** The dates and rounding an invoice takes from its seller's settings when it does not give them: issued today, due after the seller's terms. */
export function invoiceDefaults(
  seller: SellerDetailsRow,
  given: {
    issueDate?: string | null | undefined
    dueDate?: string | null | undefined
    rounding?: string | null | undefined
  },
  now = new Date(),
) {
  const issueDate = given.issueDate || isoDate(now)
  const dueDate = given.dueDate || dueDateAfter(issueDate, seller.paymentTermsDays)
  return { issueDate, dueDate, rounding: given.rounding || seller.rounding }
}

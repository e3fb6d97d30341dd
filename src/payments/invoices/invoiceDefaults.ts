import type { SellerDetailsRow } from './sellerDetails.ts'

const DAY_MS = 24 * 3600 * 1000
const isoDate = (at: Date) => at.toISOString().slice(0, 10)

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
  const issued = Date.parse(`${issueDate}T00:00:00Z`)
  const dueDate =
    given.dueDate || (Number.isNaN(issued) ? '' : isoDate(new Date(issued + seller.paymentTermsDays * DAY_MS)))
  return { issueDate, dueDate, rounding: given.rounding || seller.rounding }
}

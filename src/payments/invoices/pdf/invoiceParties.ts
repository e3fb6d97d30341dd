import type { InvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { printedAddress } from '../../../domain/invoice/invoiceParty.ts'
import type { InvoiceLabels } from './invoiceLabels.ts'
import { MUTED, type PdfCursor } from './pdfCursor.ts'

/** Seller and buyer side by side, as the invoice names them (a credit note names its invoice's). */
export function drawParties(
  pen: PdfCursor,
  { seller, buyer }: Pick<InvoiceDocument, 'seller' | 'buyer'>,
  labels: InvoiceLabels,
) {
  const half = (pen.right - pen.margin) / 2
  const partyTop = pen.y
  let lowest = pen.y
  for (const [label, party, x] of [
    [labels.from, seller, pen.margin],
    [labels.billTo, buyer, pen.margin + half],
  ] as const) {
    pen.y = partyTop
    pen.text(label.toUpperCase(), { x, size: 7.5, color: MUTED, bold: true })
    pen.y -= 12
    pen.paragraph(party.name, { x, width: half - 12, bold: true, size: 10 })
    const address = printedAddress(party)
    if (address) pen.paragraph(address, { x, width: half - 12 })
    if (party.vatId) pen.paragraph(`${labels.vatId}: ${party.vatId}`, { x, width: half - 12 })
    if (party.taxId) pen.paragraph(`${labels.taxId}: ${party.taxId}`, { x, width: half - 12 })
    if (party.email) pen.paragraph(party.email, { x, width: half - 12, color: MUTED })
    lowest = Math.min(lowest, pen.y)
  }
  pen.y = lowest - 16
}

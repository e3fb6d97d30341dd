import { documentLines, type InvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import type { documentFormats } from '../../../domain/invoice/invoiceFormats.ts'
import { invoiceTotals } from '../../../domain/invoice/invoiceTotals.ts'
import { fitColumns } from './fitColumns.ts'
import type { InvoiceLabels } from './invoiceLabels.ts'
import { MUTED, type PdfCursor } from './pdfCursor.ts'

type Labels = InvoiceLabels
type Formats = ReturnType<typeof documentFormats>

/** Points between a table's columns, and between a label and its value. */
export const GAP = 12

/** The lines as a table whose figure columns are measured and fitted to every figure they hold. */
export function drawLines(pen: PdfCursor, document: InvoiceDocument, labels: Labels, format: Formats) {
  const lines = documentLines(document)
  const totals = invoiceTotals(lines, document.rounding)
  const headers = [labels.quantity, labels.unitPrice, labels.taxRate, labels.amount]
  const cells = lines.map((line, i) => [
    format.quantity(line.quantity),
    format.unitPrice(line.unitPrice),
    format.rate(line.taxRate),
    format.money(totals.lines[i]!.net),
  ])
  const room = pen.right - pen.margin
  const fitted = fitColumns(
    headers.map((header, c) => ({
      header: pen.font(true).width(header, 8),
      cells: (size: number) => cells.map((row) => pen.font().width(row[c]!, size)),
    })),
    room,
    room * 0.3,
    GAP,
  )
  // Each figure column's right edge, from the page's right margin leftwards.
  const rights = fitted.widths.reduceRight<number[]>((edges, width) => [edges[0]! - width - GAP, ...edges], [pen.right])
  const descriptionWidth = rights[0]! - fitted.widths[0]! - GAP - pen.margin
  const figureLeading = fitted.size + 4
  const header = () => {
    const wrapped = headers.map((h, c) => pen.wrap(h, fitted.widths[c]!, 8, true))
    pen.text(labels.description, { x: pen.margin, size: 8, bold: true, color: MUTED })
    wrapped.forEach((parts, c) =>
      parts.forEach((part, k) =>
        pen.text(part, { x: rights[c + 1]!, size: 8, bold: true, color: MUTED, align: 'right', dy: k * 10 }),
      ),
    )
    pen.y -= 2 + 10 * Math.max(...wrapped.map((parts) => parts.length))
    pen.rule()
  }
  header()
  lines.forEach((line, i) => {
    const wrapped = pen.wrap(line.description, descriptionWidth)
    const figures = cells[i]!.map((cell, c) => pen.wrap(cell, fitted.widths[c]!, fitted.size))
    const height = Math.max(wrapped.length * 13, ...figures.map((parts) => parts.length * figureLeading)) + 4
    const page = pen.page
    pen.ensure(height)
    if (pen.page !== page) header()
    figures.forEach((parts, c) =>
      parts.forEach((part, k) =>
        pen.text(part, { x: rights[c + 1]!, size: fitted.size, align: 'right', dy: k * figureLeading }),
      ),
    )
    wrapped.forEach((text, k) => pen.text(text, { x: pen.margin, dy: k * 13 }))
    pen.y -= height
  })
  pen.rule()
}

/** Net, tax per rate and total, each value as wide as it needs with its label beside it. */
export function drawTotals(pen: PdfCursor, document: Pick<InvoiceDocument, 'totals'>, labels: Labels, format: Formats) {
  const rows: [string, string, boolean][] = [[labels.net, format.money(BigInt(document.totals.net)), false]]
  for (const rate of document.totals.rates)
    rows.push([labels.tax(format.rate(BigInt(rate.rate))), format.money(BigInt(rate.tax)), false])
  rows.push([labels.total, format.money(BigInt(document.totals.total)), true])
  const sizeOf = (bold: boolean) => (bold ? 11 : 9)
  const labelWidth = Math.max(...rows.map(([label, , bold]) => pen.font(bold).width(label, sizeOf(bold))))
  // Values get the room the labels leave; one wider than that wraps inside it.
  const valueRoom = pen.right - pen.margin - labelWidth - GAP
  const valueWidth = Math.min(
    valueRoom,
    Math.max(118, ...rows.map(([, v, bold]) => pen.font(bold).width(v, sizeOf(bold)))),
  )
  const wrapped = rows.map(([, value, bold]) => pen.wrap(value, valueWidth, sizeOf(bold), bold))
  pen.ensure(wrapped.reduce((sum, parts) => sum + parts.length * 15, 6))
  rows.forEach(([label, , bold], i) => {
    const size = sizeOf(bold)
    pen.text(label, { x: pen.right - valueWidth - GAP, align: 'right', bold, size, color: bold ? undefined : MUTED })
    wrapped[i]!.forEach((part, k) => pen.text(part, { x: pen.right, align: 'right', bold, size, dy: k * (size + 4) }))
    pen.y -= (wrapped[i]!.length - 1) * (size + 4) + (bold ? 17 : 14)
  })
}

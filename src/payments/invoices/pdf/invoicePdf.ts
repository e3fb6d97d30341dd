import { FontStack } from './fontStack.ts'
import { fontCovers, pdfFontkit } from './pdfFontkit.ts'
import { PDFDocument, rgb } from 'pdf-lib'
import { encode } from 'uqr'
import type { Locale } from '../../../domain/locales.ts'
import type { InvoicePayment } from '../invoicePayments.ts'
import { invoiceFonts } from './pdfFonts.ts'
import type { InvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { documentFormats } from '../../../domain/invoice/invoiceFormats.ts'
import { invoiceLabels } from './invoiceLabels.ts'
import { MUTED, PdfCursor, type Paper } from './pdfCursor.ts'
import { drawLines, drawTotals, GAP } from './invoiceTable.ts'
import { drawParties } from './invoiceParties.ts'
import { makeFacturX } from './facturXPdf.ts'

export type InvoicePdfInput = {
  document: InvoiceDocument
  documentHash: string
  logoPng: Uint8Array | null
  payUrl: string
  /** Paid in full (or more): the PDF is stamped so. */
  paid: boolean
  payments: readonly (InvoicePayment & { chainName: string })[]
  paper: Paper
  /** The invoice's EN 16931 CII XML: when given, the PDF is a Factur-X PDF/A-3b that carries it. */
  eInvoiceXml?: string
}

const PAID_GREEN = rgb(0.05, 0.55, 0.3)
const STAMP_SIZE = 24

/**
 * The PAID stamp, level in a box (readers extract it as the word it is; rotated text comes out in
 * pieces): between the logo and the heading's labels when it fits there, else on a row of its own.
 */
function drawStamp(pen: PdfCursor, word: string, room: { left: number; right: number; top: number }) {
  const width = pen.font(true).width(word, STAMP_SIZE) + 24
  const height = STAMP_SIZE + 16
  let x = room.left + (room.right - room.left - width) / 2
  let y = room.top - 34 - height
  if (room.right - room.left < width) {
    x = pen.margin
    y = pen.y - height
    pen.y = y - 14
  }
  pen.page.drawRectangle({
    x,
    y,
    width,
    height,
    borderColor: PAID_GREEN,
    borderWidth: 2.5,
  })
  pen.font(true).draw(pen.page, word, { x: x + 12, y: y + 10, size: STAMP_SIZE, color: PAID_GREEN })
}

/**
 * An invoice as a PDF an accountant files: seller (with logo) and buyer, the lines, tax per rate and
 * totals, the pay link as a QR code, and once paid a stamp and each transaction with its value. Text
 * is real text in embedded fonts, in the invoice's language, on A4 or US Letter.
 */
export async function invoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const { document } = input
  const labels = invoiceLabels[document.language as Locale] ?? invoiceLabels.en
  const format = documentFormats(document)
  const doc = await PDFDocument.create()
  doc.registerFontkit(pdfFontkit)
  const bytes = await invoiceFonts()
  const stack = async (files: Uint8Array[]) =>
    new FontStack(await Promise.all(files.map((file) => doc.embedFont(file, { subset: true }))), files.map(fontCovers))
  const fonts = { regular: await stack(bytes.regular), bold: await stack(bytes.bold) }
  doc.setTitle(`${labels.invoice} ${document.number}`)
  doc.setAuthor(document.seller.name)
  doc.setLanguage(document.language)
  const pen = new PdfCursor(doc, fonts, input.paper)

  // Heading: logo left, title and dates right.
  const top = pen.y
  let logoWidth = 0
  if (input.logoPng) {
    const logo = await doc.embedPng(input.logoPng)
    const scaled = logo.scaleToFit(150, 56)
    pen.page.drawImage(logo, { x: pen.margin, y: top - scaled.height, ...scaled })
    logoWidth = scaled.width
  }
  pen.text(labels.invoice, { x: pen.right, size: 22, bold: true, align: 'right' })
  pen.y -= 32
  const heading = [
    [labels.number, document.number, true],
    [labels.issued, format.date(document.issueDate), false],
    [labels.due, format.date(document.dueDate), false],
  ] as const
  // Labels end where the widest value begins, so a long number or date never runs into its label.
  const labelsRight = pen.right - Math.max(118, ...heading.map(([, v, bold]) => pen.font(bold).width(v, 9))) - 12
  const labelsLeft = labelsRight - Math.max(...heading.map(([label]) => pen.font().width(label, 9)))
  for (const [label, value, bold] of heading) {
    pen.text(label, { x: labelsRight, color: MUTED, align: 'right' })
    pen.text(value, { x: pen.right, bold, align: 'right' })
    pen.y -= 13
  }
  pen.y = Math.min(pen.y, top - 64) - 14
  if (input.paid)
    drawStamp(pen, labels.paid, { left: pen.margin + (logoWidth && logoWidth + 16), right: labelsLeft - 16, top })
  drawParties(pen, input.document, labels)

  drawLines(pen, input.document, labels, format)
  drawTotals(pen, input.document, labels, format)

  pen.y -= 6
  pen.paragraph(document.rounding === 'line' ? labels.roundedPerLine : labels.roundedPerRate, {
    x: pen.margin,
    width: pen.right - pen.margin,
    size: 7.5,
    color: MUTED,
  })
  if (document.notes) {
    pen.y -= 8
    pen.text(labels.notes.toUpperCase(), { x: pen.margin, size: 7.5, color: MUTED, bold: true })
    pen.y -= 12
    pen.paragraph(document.notes, { x: pen.margin, width: pen.right - pen.margin })
  }

  if (input.paid) {
    pen.y -= 12
    pen.paragraph(labels.paidInFull, { x: pen.margin, width: pen.right - pen.margin, bold: true, color: PAID_GREEN })
    pen.y -= 6
  } else drawPayLink(pen, input.payUrl, labels.payOnline)
  if (input.payments.length) drawPayments(pen, input.payments, labels, format)

  pen.y -= 10
  pen.ensure(30)
  pen.paragraph(`${labels.signed} ${input.documentHash}`, {
    x: pen.margin,
    width: pen.right - pen.margin,
    size: 7,
    color: MUTED,
  })
  numberPages(doc, fonts.regular, `${labels.invoice} ${document.number}`, labels.page)
  if (input.eInvoiceXml !== undefined) makeFacturX(doc, input.eInvoiceXml)
  return doc.save()
}

/** Each page's foot: the invoice and the page of how many, so a loose page says where it belongs. */
function numberPages(doc: PDFDocument, font: FontStack, title: string, page: Labels['page']) {
  const pages = doc.getPages()
  pages.forEach((p, i) => {
    const text = `${title} · ${page(i + 1, pages.length)}`
    const size = 7.5
    font.draw(p, text, { x: p.getWidth() - 48, y: 24, size, color: MUTED, align: 'right' })
  })
}

type Labels = (typeof invoiceLabels)['en']
type Formats = ReturnType<typeof documentFormats>

function drawPayLink(pen: PdfCursor, url: string, label: string) {
  const size = 84
  pen.y -= 12
  pen.ensure(size + 8)
  const qr = encode(url, { ecc: 'M', border: 0 })
  const cell = size / qr.size
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark)
        pen.page.drawRectangle({
          x: pen.margin + x * cell,
          y: pen.y - (y + 1) * cell,
          width: cell,
          height: cell,
          color: rgb(0, 0, 0),
        })
    }),
  )
  const top = pen.y
  pen.y -= 4
  pen.paragraph(label, { x: pen.margin + size + 14, width: pen.right - pen.margin - size - 14, color: MUTED })
  pen.paragraph(url, { x: pen.margin + size + 14, width: pen.right - pen.margin - size - 14, size: 8.5 })
  pen.y = Math.min(pen.y, top - size) - 12
}

function drawPayments(pen: PdfCursor, payments: InvoicePdfInput['payments'], labels: Labels, format: Formats) {
  pen.ensure(40)
  pen.text(labels.payments.toUpperCase(), { x: pen.margin, size: 7.5, color: MUTED, bold: true })
  pen.y -= 12
  const room = pen.right - pen.margin
  for (const payment of payments) {
    pen.ensure(52)
    const amount = format.token(payment.amount, payment.decimals, payment.symbol)
    const value = payment.value === undefined ? '' : ` = ${format.money(payment.value)}`
    const where = `${payment.chainName} · ${labels.block} ${payment.blockNumber} · ${format.time(payment.blockTime)}`
    const whereWidth = pen.font().width(where, 8)
    // The chain and time beside the amount when both fit, else on the line below it.
    const beside = pen.font(true).width(`${amount}${value}`, 9) + GAP + whereWidth <= room
    pen.paragraph(`${amount}${value}`, {
      x: pen.margin,
      width: beside ? room - whereWidth - GAP : room,
      bold: true,
      leading: 12,
    })
    pen.text(where, { x: pen.right, align: 'right', color: MUTED, size: 8, dy: beside ? -12 : 0 })
    if (!beside) pen.y -= 12
    pen.text(`${labels.transaction} ${payment.txHash}`, { x: pen.margin, size: 8 })
    pen.y -= 15
  }
}

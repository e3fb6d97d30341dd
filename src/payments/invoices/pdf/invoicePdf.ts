import { FontStack } from './fontStack.ts'
import { fontCovers, pdfFontkit } from './pdfFontkit.ts'
import { PDFDocument, rgb } from 'pdf-lib'
import { encode } from 'uqr'
import { formatUnits } from 'viem'
import { documentLines, type InvoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { invoiceTotals } from '../../../domain/invoice/invoiceTotals.ts'
import type { Locale } from '../../../domain/locales.ts'
import type { InvoicePayment } from '../invoicePayments.ts'
import { invoiceFonts } from './pdfFonts.ts'
import { documentFormats } from '../../../domain/invoice/invoiceFormats.ts'
import { invoiceLabels } from './invoiceLabels.ts'
import { MUTED, PdfCursor, type Paper } from './pdfCursor.ts'

export type InvoicePdfInput = {
  document: InvoiceDocument
  documentHash: string
  logoPng: Uint8Array | null
  payUrl: string
  /** Paid in full (or more): the PDF is stamped so. */
  paid: boolean
  payments: readonly (InvoicePayment & { chainName: string })[]
  paper: Paper
}

const PAID_GREEN = rgb(0.05, 0.55, 0.3)

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
  const half = (pen.right - pen.margin) / 2

  // Heading: logo left, title and dates right.
  const top = pen.y
  if (input.logoPng) {
    const logo = await doc.embedPng(input.logoPng)
    const scaled = logo.scaleToFit(150, 56)
    pen.page.drawImage(logo, { x: pen.margin, y: top - scaled.height, ...scaled })
  }
  pen.text(labels.invoice, { x: pen.right, size: 22, bold: true, align: 'right' })
  pen.y -= 32
  for (const [label, value] of [
    [labels.number, document.number],
    [labels.issued, format.date(document.issueDate)],
    [labels.due, format.date(document.dueDate)],
  ] as const) {
    pen.text(label, { x: pen.right - 130, color: MUTED, align: 'right' })
    pen.text(value, { x: pen.right, bold: label === labels.number, align: 'right' })
    pen.y -= 13
  }
  // A stamp in a box, level: readers extract it as the word it is (rotated text comes out in pieces).
  if (input.paid) {
    const size = 24
    const width = fonts.bold.width(labels.paid, size) + 24
    const x = pen.margin + half - width / 2
    pen.page.drawRectangle({
      x,
      y: top - 50,
      width,
      height: size + 16,
      borderColor: PAID_GREEN,
      borderWidth: 2.5,
      opacity: 0,
      borderOpacity: 0.9,
    })
    fonts.bold.draw(pen.page, labels.paid, { x: x + 12, y: top - 42, size, color: PAID_GREEN })
  }
  pen.y = Math.min(pen.y, top - 64) - 14

  // Seller and buyer side by side.
  const partyTop = pen.y
  let lowest = pen.y
  for (const [label, party, x] of [
    [labels.from, document.seller, pen.margin],
    [labels.billTo, document.buyer, pen.margin + half],
  ] as const) {
    pen.y = partyTop
    pen.text(label.toUpperCase(), { x, size: 7.5, color: MUTED, bold: true })
    pen.y -= 12
    pen.paragraph(party.name, { x, width: half - 12, bold: true, size: 10 })
    if (party.address) pen.paragraph(party.address, { x, width: half - 12 })
    if (party.taxId) pen.paragraph(`${labels.taxId}: ${party.taxId}`, { x, width: half - 12 })
    if (party.email) pen.paragraph(party.email, { x, width: half - 12, color: MUTED })
    lowest = Math.min(lowest, pen.y)
  }
  pen.y = lowest - 16

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

  drawPayLink(pen, input.payUrl, labels.payOnline)
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

function drawLines(pen: PdfCursor, document: InvoiceDocument, labels: Labels, format: Formats) {
  const columns = { quantity: pen.right - 215, unitPrice: pen.right - 140, tax: pen.right - 85, amount: pen.right }
  const descriptionWidth = columns.quantity - 50 - pen.margin
  const header = () => {
    pen.text(labels.description, { x: pen.margin, size: 8, bold: true, color: MUTED })
    pen.text(labels.quantity, { x: columns.quantity, size: 8, bold: true, color: MUTED, align: 'right' })
    pen.text(labels.unitPrice, { x: columns.unitPrice, size: 8, bold: true, color: MUTED, align: 'right' })
    pen.text(labels.taxRate, { x: columns.tax, size: 8, bold: true, color: MUTED, align: 'right' })
    pen.text(labels.amount, { x: columns.amount, size: 8, bold: true, color: MUTED, align: 'right' })
    pen.y -= 12
    pen.rule()
  }
  header()
  const lines = documentLines(document)
  const totals = invoiceTotals(lines, document.rounding)
  lines.forEach((line, i) => {
    const wrapped = pen.wrap(line.description, descriptionWidth)
    const height = wrapped.length * 13 + 4
    const page = pen.page
    pen.ensure(height)
    if (pen.page !== page) header()
    pen.text(format.quantity(line.quantity), { x: columns.quantity, align: 'right' })
    pen.text(format.unitPrice(line.unitPrice), { x: columns.unitPrice, align: 'right' })
    pen.text(format.rate(line.taxRate), { x: columns.tax, align: 'right' })
    pen.text(format.money(totals.lines[i]!.net), { x: columns.amount, align: 'right' })
    for (const text of wrapped) {
      pen.text(text, { x: pen.margin })
      pen.y -= 13
    }
    pen.y -= 4
  })
  pen.rule()
}

function drawTotals(pen: PdfCursor, document: InvoiceDocument, labels: Labels, format: Formats) {
  const rows: [string, string, boolean][] = [[labels.net, format.money(BigInt(document.totals.net)), false]]
  for (const rate of document.totals.rates)
    rows.push([labels.tax(format.rate(BigInt(rate.rate))), format.money(BigInt(rate.tax)), false])
  rows.push([labels.total, format.money(BigInt(document.totals.total)), true])
  pen.ensure(rows.length * 15 + 6)
  for (const [label, value, bold] of rows) {
    pen.text(label, { x: pen.right - 130, align: 'right', bold, size: bold ? 11 : 9, color: bold ? undefined : MUTED })
    pen.text(value, { x: pen.right, align: 'right', bold, size: bold ? 11 : 9 })
    pen.y -= bold ? 17 : 14
  }
}

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
  for (const payment of payments) {
    pen.ensure(40)
    const amount = `${formatUnits(payment.amount, payment.decimals)} ${payment.symbol}`
    const value = payment.value === undefined ? '' : ` = ${format.money(payment.value)}`
    pen.text(`${amount}${value}`, { x: pen.margin, bold: true })
    pen.text(`${payment.chainName} · ${labels.block} ${payment.blockNumber} · ${format.time(payment.blockTime)}`, {
      x: pen.right,
      align: 'right',
      color: MUTED,
      size: 8,
    })
    pen.y -= 12
    pen.text(`${labels.transaction} ${payment.txHash}`, { x: pen.margin, size: 8 })
    pen.y -= 15
  }
}

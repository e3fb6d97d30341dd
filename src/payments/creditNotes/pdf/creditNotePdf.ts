import { PDFDocument } from 'pdf-lib'
import type { CreditNoteDocument } from '../../../domain/invoice/creditNoteDocument.ts'
import { documentFormats } from '../../../domain/invoice/invoiceFormats.ts'
import type { Locale } from '../../../domain/locales.ts'
import { FontStack } from '../../invoices/pdf/fontStack.ts'
import { invoiceLabels } from '../../invoices/pdf/invoiceLabels.ts'
import { drawTotals } from '../../invoices/pdf/invoiceTable.ts'
import { drawParties } from '../../invoices/pdf/invoiceParties.ts'
import { MUTED, PdfCursor, type Paper } from '../../invoices/pdf/pdfCursor.ts'
import { invoiceFonts } from '../../invoices/pdf/pdfFonts.ts'
import { fontCovers, pdfFontkit } from '../../invoices/pdf/pdfFontkit.ts'
import { makeFacturX } from '../../invoices/pdf/facturXPdf.ts'

export type CreditNotePdfInput = {
  creditNote: CreditNoteDocument
  documentHash: string
  logoPng: Uint8Array | null
  /** The chain's name, for a refund's transfer. */
  chainName: string | null
  paper: Paper
  /** The credit note's EN 16931 CII XML: with it the PDF is its Factur-X e-invoice. */
  eInvoiceXml?: string
}

/**
 * A credit note as a PDF, typeset as its invoice is: the title, its number and date, the invoice it
 * corrects, the parties as the invoice names them, why it was issued, and what it takes back per tax
 * rate, in the invoice's language.
 */
export async function creditNotePdf(input: CreditNotePdfInput): Promise<Uint8Array> {
  const note = input.creditNote
  const labels = invoiceLabels[note.language as Locale] ?? invoiceLabels.en
  const format = documentFormats(note)
  const doc = await PDFDocument.create()
  doc.registerFontkit(pdfFontkit)
  const bytes = await invoiceFonts()
  const stack = async (files: Uint8Array[]) =>
    new FontStack(await Promise.all(files.map((file) => doc.embedFont(file, { subset: true }))), files.map(fontCovers))
  const fonts = { regular: await stack(bytes.regular), bold: await stack(bytes.bold) }
  const title = `${labels.creditNote} ${note.number}`
  doc.setTitle(title)
  doc.setAuthor(note.seller.name)
  doc.setLanguage(note.language)
  const pen = new PdfCursor(doc, fonts, input.paper)

  const top = pen.y
  if (input.logoPng) {
    const logo = await doc.embedPng(input.logoPng)
    const scaled = logo.scaleToFit(150, 56)
    pen.page.drawImage(logo, { x: pen.margin, y: top - scaled.height, ...scaled })
  }
  pen.text(labels.creditNote, { x: pen.right, size: 22, bold: true, align: 'right' })
  pen.y -= 32
  const heading = [
    [labels.creditNoteNumber, note.number, true],
    [labels.issued, format.date(note.issueDate), false],
    [labels.forInvoice, note.invoice.number, true],
    [labels.invoiceDate, format.date(note.invoice.issueDate), false],
  ] as const
  const labelsRight = pen.right - Math.max(118, ...heading.map(([, v, bold]) => pen.font(bold).width(v, 9))) - 12
  for (const [label, value, bold] of heading) {
    pen.text(label, { x: labelsRight, color: MUTED, align: 'right' })
    pen.text(value, { x: pen.right, bold, align: 'right' })
    pen.y -= 13
  }
  pen.y = Math.min(pen.y, top - 64) - 14
  drawParties(pen, note, labels)

  pen.text(labels.reason.toUpperCase(), { x: pen.margin, size: 7.5, color: MUTED, bold: true })
  pen.y -= 12
  pen.paragraph(note.reason, { x: pen.margin, width: pen.right - pen.margin })
  if (note.refund) {
    const amount = format.token(BigInt(note.refund.amount), note.refund.decimals, note.refund.symbol)
    pen.paragraph(`${labels.refundSent}: ${amount} · ${input.chainName ?? note.refund.chainId}`, {
      x: pen.margin,
      width: pen.right - pen.margin,
    })
    pen.paragraph(`${labels.transaction} ${note.refund.txHash}`, {
      x: pen.margin,
      width: pen.right - pen.margin,
      size: 8,
    })
  }
  pen.y -= 12
  pen.rule()
  pen.y -= 6
  drawTotals(pen, note, labels, format)

  pen.y -= 10
  pen.ensure(30)
  pen.paragraph(`${labels.creditSigned} ${input.documentHash}`, {
    x: pen.margin,
    width: pen.right - pen.margin,
    size: 7,
    color: MUTED,
  })
  for (const [i, page] of doc.getPages().entries())
    fonts.regular.draw(page, `${title} · ${labels.page(i + 1, doc.getPageCount())}`, {
      x: page.getWidth() - 48,
      y: 24,
      size: 7.5,
      color: MUTED,
      align: 'right',
    })
  if (input.eInvoiceXml !== undefined) makeFacturX(doc, input.eInvoiceXml)
  return doc.save()
}

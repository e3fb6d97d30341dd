/** The words of an invoice's PDF, in English; `{name}` is filled in (see invoiceLabels.ts). */
const en = {
  invoice: 'Invoice',
  number: 'Invoice no.',
  issued: 'Issue date',
  due: 'Due date',
  from: 'From',
  billTo: 'Bill to',
  taxId: 'Tax id',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  taxRate: 'Tax',
  amount: 'Amount',
  net: 'Net',
  tax: 'Tax {rate}',
  total: 'Total',
  notes: 'Notes',
  payOnline: 'Pay online: scan the code or open',
  paid: 'PAID',
  /** In place of the pay link once paid. */
  paidInFull: 'Paid in full: nothing is left to pay. The payments received are listed below.',
  payments: 'Payments received on chain',
  transaction: 'Transaction',
  block: 'Block',
  value: 'Value',
  roundedPerLine: 'Tax is rounded on each line.',
  roundedPerRate: 'Tax is rounded once per rate, on the sum of its lines.',
  signed: "The seller's wallet signed this invoice's content; its keccak-256 hash:",
  page: 'Page {page} of {pages}',
  creditNote: 'Credit note',
  creditNoteNumber: 'Credit note no.',
  forInvoice: 'For invoice',
  invoiceDate: 'Invoice date',
  reason: 'Reason',
  refundReason: 'Refund of a payment received on chain',
  cancelReason: 'Invoice cancelled',
  refundSent: 'Refund sent on chain',
  creditSigned: "This credit note's content, keccak-256 hash:",
}

export type PdfCatalog = typeof en

export default en

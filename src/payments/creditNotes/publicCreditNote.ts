import type { CreditNoteDocument } from '../../domain/invoice/creditNoteDocument.ts'
import type { CreditNoteRow } from './issueCreditNote.ts'

/** A credit note as the REST API answers it: its document as stored (hash its text to check it), and where its PDF is. */
export function publicCreditNote(row: CreditNoteRow, publicUrl: string) {
  const document = JSON.parse(row.document) as CreditNoteDocument
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    invoiceRequestId: row.invoiceRequestId,
    invoiceNumber: document.invoice.number,
    issueDate: document.issueDate,
    currency: document.currency,
    total: document.totals.total,
    reason: document.reason,
    document: row.document,
    documentHash: row.documentHash,
    pdfUrl: new URL(`/credit-notes/${row.id}.pdf`, publicUrl).href,
    xmlUrls: ['.xml', '.xrechnung.xml', '.ubl.xml'].map(
      (ext) => new URL(`/credit-notes/${row.id}${ext}`, publicUrl).href,
    ),
    createdAt: row.createdAt.toISOString(),
  }
}

export const publicCreditNoteSchema = {
  type: 'object',
  required: [
    'id',
    'number',
    'kind',
    'invoiceRequestId',
    'invoiceNumber',
    'issueDate',
    'currency',
    'total',
    'reason',
    'document',
    'documentHash',
    'pdfUrl',
    'xmlUrls',
    'createdAt',
    'signed',
  ],
  properties: {
    id: { type: 'string' },
    number: {
      type: 'string',
      description: 'In the payee’s credit-note sequence, or their invoices’ if they chose so.',
    },
    kind: { type: 'string', enum: ['refund', 'cancellation'] },
    invoiceRequestId: { type: 'string', description: 'The id of the invoice’s request.' },
    invoiceNumber: { type: 'string' },
    issueDate: { type: 'string', description: 'YYYY-MM-DD (UTC).' },
    currency: { type: 'string', description: 'The invoice’s currency (or token).' },
    total: { type: 'string', description: 'What it takes back, in the currency’s minor units.' },
    reason: { type: 'string' },
    document: { type: 'string', description: 'The document’s canonical JSON text (type code 381).' },
    documentHash: { type: 'string', description: 'keccak-256 of `document` as UTF-8.' },
    pdfUrl: { type: 'string' },
    xmlUrls: {
      type: 'array',
      items: { type: 'string' },
      description:
        'The e-invoice (type 381): CII in EN 16931, XRechnung in CII, XRechnung in UBL (409 with the reason when its invoice has none).',
    },
    createdAt: { type: 'string', format: 'date-time' },
    signed: {
      type: ['object', 'null'],
      description:
        'EIP-712 `CreditNote` (number, invoice document hash, credit note document hash) on the invoice’s chain, signed by a delegate the payee authorised; null while they have none.',
      required: ['signature', 'delegate', 'apiKeyId'],
      properties: { signature: { type: 'string' }, delegate: { type: 'string' }, apiKeyId: { type: 'string' } },
    },
  },
} as const

import { checkInvoiceDraft, type InvoiceDraft } from '../../../domain/invoice/invoiceDraft.ts'
import { invoiceDocument, type InvoiceDocumentV2 } from '../../../domain/invoice/invoiceDocument.ts'
import type { InvoiceParty } from '../../../domain/invoice/invoiceParty.ts'
import { taxCategoryProblems } from '../../../domain/invoice/taxCategory.ts'
import { documentEInvoice, type EInvoiceContext } from './documentEInvoice.ts'

export const germanSeller: InvoiceParty = {
  name: 'Ada Lovelace Consulting GmbH',
  address: 'Kastanienallee 1\nHinterhaus',
  postcode: '10435',
  city: 'Berlin',
  country: 'DE',
  taxId: '37/123/45678',
  vatId: 'DE123456789',
  email: 'billing@ada.example',
  phone: '+49 30 1234567',
}

export const germanBuyer: InvoiceParty = {
  name: 'Acme GmbH',
  address: 'Hauptstraße 5',
  postcode: '80331',
  city: 'München',
  country: 'DE',
  taxId: '',
  vatId: 'DE999999999',
  email: 'ap@acme.example',
}

/** A version 2 document as the domain makes it, from a draft whose unspecified fields are a German invoice's. */
export function v2Document(
  draft: Partial<InvoiceDraft> = {},
  {
    seller = germanSeller,
    currency = 'EUR',
    minorDigits = 2,
  }: { seller?: InvoiceParty; currency?: string; minorDigits?: number } = {},
): InvoiceDocumentV2 {
  const full: InvoiceDraft = {
    buyer: germanBuyer,
    lines: [{ description: 'Consulting', quantity: '10', unitPrice: '120', taxRate: '19' }],
    rounding: 'total',
    issueDate: '2026-11-26',
    dueDate: '2026-12-10',
    notes: '',
    language: 'de',
    buyerReference: '04011000-12345-34',
    ...draft,
  }
  const checked = checkInvoiceDraft(full, { minorDigits })
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors))
  const problems = taxCategoryProblems(checked.invoice, seller)
  if (Object.keys(problems).length > 0) throw new Error(JSON.stringify(problems))
  return invoiceDocument(checked.invoice, { number: 'RE-2026-0042', currency, minorDigits, seller })
}

export const context: EInvoiceContext = {
  payee: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 8453,
  chainName: 'Base',
  tokens: ['USDC', 'EURC'],
  payUrl: 'https://pay.example/pay/req_123',
  paidAmount: 0n,
  payments: [],
}

export const eInvoiceOf = (document: InvoiceDocumentV2, more: Partial<EInvoiceContext> = {}) =>
  documentEInvoice(document, { ...context, ...more })

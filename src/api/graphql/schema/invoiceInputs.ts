import { builder } from '../builder.ts'

const InvoicePartyInput = builder.inputType('InvoicePartyInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    address: t.string({ required: false, description: 'May span lines.' }),
    taxId: t.string({ required: false }),
    email: t.string({ required: false }),
  }),
})

const InvoiceLineInput = builder.inputType('InvoiceLineInput', {
  fields: (t) => ({
    description: t.string({ required: true }),
    quantity: t.string({ required: true, description: 'A decimal with up to 4 places, e.g. "1.5".' }),
    unitPrice: t.string({
      required: true,
      description: 'A decimal with up to 4 places more than the currency\'s minor unit, e.g. "12.3456" in EUR.',
    }),
    taxRate: t.string({
      required: false,
      description: 'A percentage with up to 2 places, e.g. "19" or "7.7"; 0 when absent.',
    }),
  }),
})

export const CreateInvoiceInput = builder.inputType('CreateInvoiceInput', {
  fields: (t) => ({
    chainId: t.int({ required: true }),
    currency: t.string({
      required: false,
      description: 'For an invoice in a currency (EUR…), paid at quotes in acceptedAssets.',
    }),
    acceptedAssets: t.stringList({ required: false }),
    tolerance: t.string({ required: false }),
    asset: t.string({ required: false, description: 'For an invoice in a token: its address or "native".' }),
    payer: t.string({ required: false }),
    buyer: t.field({ type: InvoicePartyInput, required: true }),
    lines: t.field({ type: [InvoiceLineInput], required: true }),
    rounding: t.string({ required: false, description: '"line" or "total"; the seller\'s choice when absent.' }),
    issueDate: t.string({ required: false, description: 'YYYY-MM-DD; today (UTC) when absent.' }),
    dueDate: t.string({ required: false, description: "YYYY-MM-DD; after the seller's payment terms when absent." }),
    notes: t.string({ required: false }),
    language: t.string({ required: false, description: 'en, es, de, fr, pt-BR or ja: the PDF is written in it.' }),
    number: t.string({ required: true, description: 'The number signed (mySellerDetails.nextNumber).' }),
    reference: t.string({ required: true }),
    signature: t.string({ required: true }),
  }),
})

import { builder } from '../builder.ts'

const InvoicePartyInput = builder.inputType('InvoicePartyInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    address: t.string({ required: false, description: 'The street lines; may span lines.' }),
    postcode: t.string({ required: false }),
    city: t.string({ required: false }),
    country: t.string({ required: false, description: 'ISO 3166-1 alpha-2, e.g. "DE": an e-invoice needs it.' }),
    taxId: t.string({ required: false }),
    vatId: t.string({ required: false, description: 'With its country prefix, e.g. "FR12345678901".' }),
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
    taxCategory: t.string({
      required: false,
      description:
        'EN 16931 VAT category: S (standard), Z (zero rated), E (exempt), AE (reverse charge), K (intra-community), G (export), O (not subject to VAT); S above 0 %, Z at 0 % when absent.',
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
    buyerReference: t.string({ required: false, description: "The buyer's reference (BT-10), e.g. a Leitweg-ID." }),
    paymentTerms: t.string({ required: false, description: 'Payment terms in words (BT-20).' }),
    deliveryDate: t.string({ required: false, description: 'YYYY-MM-DD: the day delivered (BT-72).' }),
    periodStart: t.string({ required: false, description: 'YYYY-MM-DD: the service period’s first day (BT-73).' }),
    periodEnd: t.string({ required: false, description: 'YYYY-MM-DD: the service period’s last day (BT-74).' }),
    exemptionReason: t.string({
      required: false,
      description: 'Why lines in E, AE, K, G or O carry no VAT (BT-120), e.g. "Kleinunternehmer, § 19 UStG".',
    }),
    exemptionCode: t.string({
      required: false,
      description: "The exempt lines' VATEX code (BT-121), e.g. VATEX-EU-132.",
    }),
    number: t.string({
      required: false,
      description: 'The number signed (mySellerDetails.nextNumber). A member leaves it out: the next is taken.',
    }),
    reference: t.string({ required: false, description: 'The reference signed; a member leaves it out.' }),
    signature: t.string({
      required: false,
      description:
        "The payee's EIP-712 signature. A member acting for the business leaves it out: the business's members' delegate signs.",
    }),
  }),
})

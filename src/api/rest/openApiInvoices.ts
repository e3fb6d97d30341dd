import { LANGUAGES } from '../../domain/locales.ts'
import { error, errors, json, ref } from './openApiParts.ts'

const text = (description: string) => ({ type: 'string', description })
const party = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    address: text('The street lines; may span lines.'),
    postcode: { type: 'string' },
    city: { type: 'string' },
    country: text('ISO 3166-1 alpha-2, e.g. "DE": an e-invoice needs it.'),
    taxId: { type: 'string' },
    vatId: text('With its country prefix, e.g. "FR12345678901".'),
    email: { type: 'string' },
  },
}

/** `POST /invoices`. */
export const invoicePaths = {
  '/invoices': {
    post: {
      summary: 'Issue an invoice',
      description:
        "Needs `requests:write`. Numbered with the payee's next number (Settings → Invoicing in Billfold), taken in the transaction that stores it; the key's delegate signs the request with the document's keccak-256 hash (EIP-712 `Invoice` or `PricedInvoice`). The PDF is at `invoice.pdfUrl`.",
      parameters: [
        { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } },
      ],
      requestBody: { required: true, content: json(ref('NewInvoice')) },
      responses: {
        '201': { description: 'Issued.', content: json(ref('Invoice')) },
        '200': {
          description: 'A retry with the same Idempotency-Key: the invoice issued the first time (no number taken).',
          content: json(ref('Invoice')),
        },
        ...errors,
        '409': error(
          'SELLER_DETAILS_MISSING: the payee has not saved their seller details yet; IDEMPOTENCY_KEY_REUSED: the key was used with another body.',
        ),
        '413': error('The body is over 256 KB.'),
        '415': error('The body is not JSON.'),
      },
    },
  },
}

export const invoiceSchemas = {
  NewInvoice: {
    type: 'object',
    required: ['chainId', 'buyer', 'lines'],
    properties: {
      chainId: { type: 'integer' },
      currency: text('For an invoice in a currency (EUR, USD…): paid at quotes in `acceptedAssets`.'),
      acceptedAssets: { type: 'array', items: { type: 'string' } },
      tolerance: text('A percentage, e.g. "0.5".'),
      asset: text('For an invoice in a token: its address or "native".'),
      payer: text('Only this address may pay; any when absent.'),
      buyer: party,
      lines: {
        type: 'array',
        minItems: 1,
        maxItems: 1000,
        items: {
          type: 'object',
          required: ['description', 'quantity', 'unitPrice'],
          properties: {
            description: { type: 'string', maxLength: 200 },
            quantity: text('A decimal string with up to 4 places.'),
            unitPrice: text("A decimal string with up to 4 places more than the currency's (or token's) unit."),
            taxRate: text('A percentage from 0 to 100 with up to 2 places; 0 when absent.'),
            taxCategory: {
              type: 'string',
              enum: ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'],
              description: 'EN 16931 VAT category; S above 0 %, Z at 0 % when absent.',
            },
          },
        },
      },
      rounding: { type: 'string', enum: ['line', 'total'], description: "The seller's choice when absent." },
      issueDate: text('YYYY-MM-DD; today (UTC) when absent.'),
      dueDate: text("YYYY-MM-DD; after the seller's payment terms when absent."),
      notes: { type: 'string', maxLength: 1000 },
      language: { type: 'string', enum: Object.keys(LANGUAGES) },
      buyerReference: text("The buyer's reference (BT-10), e.g. a Leitweg-ID."),
      paymentTerms: text('Payment terms in words (BT-20).'),
      deliveryDate: text('YYYY-MM-DD: the day delivered (BT-72).'),
      periodStart: text("YYYY-MM-DD: the service period's first day (BT-73)."),
      periodEnd: text("YYYY-MM-DD: the service period's last day (BT-74)."),
      exemptionReason: text('Why lines in E, AE, K, G or O carry no VAT (BT-120).'),
      exemptionCode: text("The exempt lines' VATEX code (BT-121), e.g. VATEX-EU-132."),
    },
  },
  Invoice: {
    allOf: [
      ref('PaymentRequest'),
      {
        type: 'object',
        properties: {
          invoice: {
            type: 'object',
            properties: {
              number: { type: 'string' },
              document: {
                type: 'object',
                description: 'The signed document: lines, tax per rate and totals in minor units.',
              },
              documentHash: text(
                "keccak-256 of the document's canonical JSON text, the last field the payee's key signed.",
              ),
              pdfUrl: { type: 'string', format: 'uri' },
              xmlUrls: {
                type: 'array',
                items: { type: 'string', format: 'uri' },
                description:
                  "The e-invoice: CII (Factur-X's EN 16931 profile), XRechnung in CII, XRechnung in UBL; 409 with the reason for an invoice that has none.",
              },
            },
          },
        },
      },
    ],
  },
}

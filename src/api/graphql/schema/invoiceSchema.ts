import { invoiceOfRequest, type InvoiceRow } from '../../../payments/invoices/invoiceReads.ts'
import { quotableAssets } from '../../../payments/quotes/quotePrice.ts'
import { findPaymentRequest, type PaymentRequestRow } from '../../../payments/repository/paymentRequests.ts'
import { issueSignedInvoice, listInvoices } from '../../../merchants/invoices/invoiceUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { builder } from '../builder.ts'
import { CreateInvoiceInput } from './invoiceInputs.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'

type InvoiceView = InvoiceRow & { request?: PaymentRequestRow }

export const Invoice = builder.objectRef<InvoiceView>('Invoice').implement({
  description:
    "A request's document: its exact text (canonical JSON) is what the payee's wallet signed the keccak-256 of, as the request's last typed-data field (`invoice`).",
  fields: (t) => ({
    requestId: t.exposeString('requestId'),
    number: t.exposeString('number'),
    document: t.exposeString('document', { description: 'The document as signed: hash this text to check it.' }),
    documentHash: t.exposeString('documentHash'),
    pdfPath: t.string({
      description: 'A4; add ?paper=letter for US Letter.',
      resolve: (i) => `/invoices/${i.requestId}.pdf`,
    }),
    xmlPaths: t.stringList({
      description:
        'The e-invoice: CII in Factur-X’s EN 16931 profile, XRechnung in CII, XRechnung in UBL (409 with the reason for an invoice that has none).',
      resolve: (i) => ['.xml', '.xrechnung.xml', '.ubl.xml'].map((ext) => `/invoices/${i.requestId}${ext}`),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    request: t.field({
      type: PaymentRequest,
      resolve: async (i, _, ctx) => i.request ?? (await findPaymentRequest(ctx.reads, i.requestId))!,
    }),
  }),
})

builder.objectField(PaymentRequest, 'invoice', (t) =>
  t.field({
    type: Invoice,
    nullable: true,
    description: 'The invoice this request is the payment of, if it is one.',
    resolve: async (r, _, ctx) => (await invoiceOfRequest(ctx.reads, r.id)) ?? null,
  }),
)

builder.queryFields((t) => ({
  myInvoices: t.field({
    type: [Invoice],
    description: "The signed-in payee's invoices, newest first; `before` is a sequence to page from.",
    args: { first: t.arg.int({ required: false }), before: t.arg.int({ required: false }) },
    ...runs(listInvoices),
    resolve: async (_, { first, before }, ctx) => {
      const rows = await listInvoices(
        await ctx.actor(),
        { db: ctx.reads },
        { first: Math.min(Math.max(first ?? 50, 1), 100), before: before ?? undefined },
      )
      return rows.map((r) => ({ ...r.invoice, request: r.request }))
    },
  }),
}))

builder.mutationFields((t) => ({
  createInvoice: t.field({
    type: Invoice,
    description:
      'Issues an invoice the signed-in payee signed (EIP-712 `Invoice` or `PricedInvoice`) with the number they were shown: every rule and the signature are checked again, and the number is taken in the same transaction as the invoice is stored.',
    args: { input: t.arg({ type: CreateInvoiceInput, required: true }) },
    ...runs(issueSignedInvoice),
    resolve: async (_, { input }, ctx) =>
      issueSignedInvoice(
        await ctx.actor(),
        {
          db: ctx.db,
          assets: ctx.network.assets,
          quotable: quotableAssets(ctx.network.chains, ctx.network.assets),
          clients: ctx.network.clients,
          signAsDelegate: ctx.merchants.secrets.signAsDelegate,
        },
        input,
      ),
  }),
}))

import { getAddress } from 'viem'
import { invoiceRequest } from '../../../domain/invoice/invoiceRequest.ts'
import { authorisedQuoteKey } from '../../../merchants/quoteKeys.ts'
import { invoiceRequestDraft, sellerParty } from '../../../payments/invoices/invoiceInput.ts'
import { invoiceOfRequest, invoicesOf, type InvoiceRow } from '../../../payments/invoices/invoiceReads.ts'
import { invoiceToStore } from '../../../payments/invoices/invoiceRequestRow.ts'
import { issueInvoice, sellerDetailsMissing } from '../../../payments/invoices/issueInvoice.ts'
import { sellerDetailsOf } from '../../../payments/invoices/sellerDetails.ts'
import { pricedCurrencies, quotableAssets } from '../../../payments/quotes/quotePrice.ts'
import { findPaymentRequest, type PaymentRequestRow } from '../../../payments/repository/paymentRequests.ts'
import { builder } from '../builder.ts'
import { CreateInvoiceInput } from './invoiceInputs.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'
import { assertPayeeSigned, assertSignedInput } from './signedInput.ts'
import { QuoteKeyMissingError } from '../../../domain/errors/quote.ts'
import { SignatureMismatchError, fieldErrors } from '../../../domain/errors/input.ts'

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
    resolve: async (_, { first, before }, ctx) => {
      const payee = getAddress((await ctx.signedIn()).address)
      const rows = await invoicesOf(ctx.reads, payee, {
        first: Math.min(Math.max(first ?? 50, 1), 100),
        before: before ?? undefined,
      })
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
    resolve: async (_, { input }, ctx) => {
      const payee = getAddress((await ctx.signedIn()).address)
      assertSignedInput(input)
      const seller = await sellerDetailsOf(ctx.db, payee)
      if (!seller) throw sellerDetailsMissing()
      const made = invoiceRequest(invoiceRequestDraft(input, seller), {
        number: input.number,
        seller: sellerParty(seller),
        payee,
        reference: input.reference,
        assets: ctx.network.assets,
        quotable: quotableAssets(ctx.network.chains, ctx.network.assets),
        currenciesOn: pricedCurrencies,
      })
      if (!made.ok) throw fieldErrors(made.errors)
      const quoteKey = made.invoice.priced ? await authorisedQuoteKey(ctx.db, payee) : undefined
      if (made.invoice.priced && !quoteKey)
        throw new QuoteKeyMissingError({
          field: 'quoteKey',
          shortMessage:
            'Authorise price quotes in your wallet first: an invoice in a currency is paid at signed quotes.',
        })
      const client = ctx.network.clients.get(input.chainId)!
      await assertPayeeSigned(client, payee, made.invoice.typedData, input.signature, 'this invoice')
      const createdBlock = await client.getBlockNumber()
      const signedSeller = JSON.stringify(sellerParty(seller))
      const { request, invoice } = await issueInvoice(
        ctx.db,
        payee,
        (current) => {
          if (JSON.stringify(sellerParty(current)) !== signedSeller)
            throw new SignatureMismatchError({
              field: 'seller',
              shortMessage: 'Your seller details changed while this invoice was being signed. Sign it again.',
            })
          return invoiceToStore(made.invoice, {
            signature: input.signature,
            createdBlock,
            assets: ctx.network.assets,
            quoteKeyId: quoteKey?.id,
          })
        },
        { expected: input.number },
      )
      return { ...invoice, request }
    },
  }),
}))

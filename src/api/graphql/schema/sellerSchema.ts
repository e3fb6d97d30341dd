import { nextInvoiceNumber, type SellerDetailsRow } from '../../../payments/invoices/sellerDetails.ts'
import { readSellerDetails, saveSeller } from '../../../merchants/invoices/sellerUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { builder } from '../builder.ts'

export const SellerDetails = builder.objectRef<SellerDetailsRow>('SellerDetails').implement({
  description: "A payee's details as printed on their invoices, their terms and how their invoices are numbered.",
  fields: (t) => ({
    legalName: t.exposeString('legalName'),
    address: t.exposeString('address'),
    taxId: t.exposeString('taxId'),
    email: t.exposeString('email'),
    postcode: t.exposeString('postcode'),
    city: t.exposeString('city'),
    country: t.exposeString('country', { description: 'ISO 3166-1 alpha-2; "" until given.' }),
    vatId: t.exposeString('vatId'),
    phone: t.exposeString('phone'),
    logo: t.string({
      nullable: true,
      description: 'The logo as a PNG data URL (an uploaded SVG is kept as the PNG it was drawn to).',
      resolve: (s) => (s.logoPng ? `data:image/png;base64,${s.logoPng}` : null),
    }),
    paymentTermsDays: t.exposeInt('paymentTermsDays'),
    numberPattern: t.exposeString('numberPattern'),
    rounding: t.exposeString('rounding', { description: '"line" or "total": where tax is rounded.' }),
    nextNumber: t.string({
      description: 'The number the next invoice gets, unless another is issued first.',
      resolve: nextInvoiceNumber,
    }),
  }),
})

const SellerDetailsInput = builder.inputType('SellerDetailsInput', {
  fields: (t) => ({
    legalName: t.string({ required: true }),
    address: t.string({ required: false }),
    taxId: t.string({ required: false, description: 'The tax number (BT-32).' }),
    email: t.string({ required: false }),
    postcode: t.string({ required: false }),
    city: t.string({ required: false }),
    country: t.string({ required: false, description: 'ISO 3166-1 alpha-2, e.g. "DE": an e-invoice needs it.' }),
    vatId: t.string({ required: false, description: 'With its country prefix, e.g. "DE123456789" (BT-31).' }),
    phone: t.string({ required: false, description: 'The contact telephone XRechnung asks for.' }),
    paymentTermsDays: t.int({ required: true }),
    numberPattern: t.string({ required: true, description: 'With {seq} or {seq:N}, e.g. "2026-{seq:4}".' }),
    rounding: t.string({ required: true, description: '"line" or "total".' }),
    logo: t.string({
      required: false,
      description:
        'A new logo as a data URL of a PNG or SVG (at most 64 KB, 2000 pixels a side as drawn, an SVG at most 2000 elements nested 32 deep); "" removes it; absent keeps it.',
    }),
  }),
})

builder.queryFields((t) => ({
  mySellerDetails: t.field({
    type: SellerDetails,
    nullable: true,
    description: "The signed-in payee's seller details; null until saved.",
    ...runs(readSellerDetails),
    resolve: async (_, __, ctx) => readSellerDetails(await ctx.actor(), { db: ctx.db }),
  }),
}))

builder.mutationFields((t) => ({
  setSellerDetails: t.field({
    type: SellerDetails,
    description:
      'Saves the seller details printed on new invoices. An SVG logo is drawn to a PNG here (no script of it runs or is kept).',
    args: { input: t.arg({ type: SellerDetailsInput, required: true }) },
    ...runs(saveSeller),
    resolve: async (_, args, ctx) => saveSeller(await ctx.actor(), { db: ctx.db }, args),
  }),
}))

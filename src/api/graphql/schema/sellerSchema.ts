import { checkSellerDraft } from '../../../domain/invoice/sellerDraft.ts'
import { ImageRefusedError, ImagesBusyError } from '../../../payments/images/imageLimits.ts'
import { sanitiseLogo } from '../../../payments/invoices/invoiceLogo.ts'
import {
  nextInvoiceNumber,
  saveSellerDetails,
  sellerDetailsOf,
  type SellerDetailsRow,
} from '../../../payments/invoices/sellerDetails.ts'
import { builder } from '../builder.ts'
import { RateLimitedError } from '../../../domain/errors/access.ts'
import { fieldErrors } from '../../../domain/errors/input.ts'

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

const DATA_URL = /^data:image\/(png|svg\+xml);base64,([A-Za-z0-9+/=]+)$/

builder.queryFields((t) => ({
  mySellerDetails: t.field({
    type: SellerDetails,
    nullable: true,
    description: "The signed-in payee's seller details; null until saved.",
    resolve: async (_, __, ctx) => (await sellerDetailsOf(ctx.db, (await ctx.signedIn()).address)) ?? null,
  }),
}))

builder.mutationFields((t) => ({
  setSellerDetails: t.field({
    type: SellerDetails,
    description:
      'Saves the seller details printed on new invoices. An SVG logo is drawn to a PNG here (no script of it runs or is kept).',
    args: { input: t.arg({ type: SellerDetailsInput, required: true }) },
    resolve: async (_, { input }, ctx) => {
      const session = await ctx.signedIn()
      const checked = checkSellerDraft({
        legalName: input.legalName,
        address: input.address ?? '',
        taxId: input.taxId ?? '',
        email: input.email ?? '',
        postcode: input.postcode ?? '',
        city: input.city ?? '',
        country: input.country ?? '',
        vatId: input.vatId ?? '',
        phone: input.phone ?? '',
        paymentTermsDays: input.paymentTermsDays,
        numberPattern: input.numberPattern,
        rounding: input.rounding,
      })
      let logo: string | null | undefined
      if (input.logo === '') logo = null
      else if (input.logo) {
        const match = DATA_URL.exec(input.logo)
        if (!match)
          throw fieldErrors({ logo: 'The logo must be a data URL of a PNG or an SVG (data:image/png;base64,…).' })
        try {
          logo = Buffer.from(await sanitiseLogo(Buffer.from(match[2]!, 'base64'))).toString('base64')
        } catch (error) {
          if (error instanceof ImageRefusedError) throw fieldErrors({ logo: error.shortMessage })
          if (error instanceof ImagesBusyError)
            throw new RateLimitedError({ field: 'logo', shortMessage: error.shortMessage })
          throw error
        }
      }
      if (!checked.ok) throw fieldErrors(checked.errors)
      return saveSellerDetails(ctx.db, session.address, checked.seller, logo)
    },
  }),
}))

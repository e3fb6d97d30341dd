import { fiatCurrencies } from '../../../domain/currencies.ts'
import { makePricedRequest, prepareQuoteKey } from '../../../merchants/requests/pricedRequestUseCases.ts'
import { issueQuote } from '../../../payments/quotes/issueQuote.ts'
import { quotableAssets } from '../../../payments/quotes/quotePrice.ts'
import { builder } from '../builder.ts'
import { ApiKey } from './apiKeySchema.ts'
import { PaymentRequest, requestById } from './paymentRequestSchema.ts'
import { AcceptedAsset } from './pricedRequestFields.ts'
import { runs } from '../runsUseCase.ts'

const Currency = builder.objectRef<{ code: string; minorDigits: number }>('Currency').implement({
  description: 'A currency a request can be priced in.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'ISO 4217, e.g. EUR.' }),
    minorDigits: t.exposeInt('minorDigits', { description: 'Decimals of its minor unit: 2 for cents, 0 for yen.' }),
  }),
})

builder.queryFields((t) => ({
  currencies: t.field({
    type: [Currency],
    description: 'The currencies a request can be priced in.',
    resolve: () => fiatCurrencies,
  }),
  quotableAssets: t.field({
    type: [AcceptedAsset],
    description: 'The tokens of a chain a priced request can accept: those with a USD price feed on it.',
    args: { chainId: t.arg.int({ required: true }) },
    resolve: (_, { chainId }, ctx) =>
      quotableAssets(ctx.network.chains, ctx.network.assets).filter((a) => a.chainId === chainId),
  }),
}))

const CreatePricedPaymentRequestInput = builder.inputType('CreatePricedPaymentRequestInput', {
  fields: (t) => ({
    chainId: t.int({ required: true }),
    currency: t.string({ required: true, description: 'ISO 4217 code, e.g. "EUR".' }),
    price: t.string({ required: true, description: 'A decimal such as "1500.00", in the currency.' }),
    acceptedAssets: t.stringList({ required: true, description: '"native" or token addresses of the chain.' }),
    tolerance: t.string({
      required: false,
      description: 'In percent, e.g. "0.5": how far what is received may differ from the price. At most 5.',
    }),
    payer: t.string({ required: false }),
    memo: t.string({ required: true }),
    dueAt: t.string({ required: true }),
    reference: t.string({ required: false, description: 'The reference signed; a member leaves it out.' }),
    signature: t.string({
      required: false,
      description:
        "The payee's EIP-712 signature of `PricedPaymentRequest`. A member acting for the business leaves it out: the business's members' delegate signs.",
    }),
  }),
})

builder.mutationFields((t) => ({
  prepareQuoteKey: t.field({
    type: ApiKey,
    description:
      "The signed-in payee's quote key: the authorised one, or one waiting for the wallet to sign its delegation (authoriseApiKey). Priced requests need it.",
    ...runs(prepareQuoteKey),
    resolve: async (_, __, ctx) =>
      prepareQuoteKey(await ctx.actor(), { db: ctx.db, delegateKeys: ctx.merchants.secrets.delegateKeys }),
  }),
  createPricedPaymentRequest: t.field({
    type: PaymentRequest,
    description:
      "Stores a request priced in a currency that the signed-in payee signed, after checking every rule and the signature again; a member's is signed by the business's members' delegate.",
    args: { input: t.arg({ type: CreatePricedPaymentRequestInput, required: true }) },
    ...runs(makePricedRequest),
    resolve: async (_, { input }, ctx) =>
      makePricedRequest(
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
  quotePaymentRequest: t.field({
    type: PaymentRequest,
    description:
      'A quote of a priced request in one of its tokens, as its own request to pay (with `quote`): a live quote is handed out again. Errors say why no rate can be given.',
    args: { id: t.arg.string({ required: true }), asset: t.arg.string({ required: true }) },
    resolve: async (_, { id, asset }, ctx) => {
      const priced = await requestById(ctx, id)
      const { request } = await issueQuote(ctx.db, ctx.quotes, priced, asset)
      return request
    },
  }),
}))

import { getAddress, type Address } from 'viem'
import { fiatCurrencies, fiatCurrency } from '../../../domain/currencies.ts'
import { NATIVE_ASSET } from '../../../domain/paymentRequest.ts'
import { checkPricedRequestDraft, pricedRequestTypedData } from '../../../domain/pricedRequest.ts'
import { authorisedQuoteKey, quoteKeyOf } from '../../../merchants/quoteKeys.ts'
import { issueQuote } from '../../../payments/quotes/issueQuote.ts'
import { pricedCurrencies, quotableAssets } from '../../../payments/quotes/quotePrice.ts'
import { insertPaymentRequest } from '../../../payments/repository/paymentRequests.ts'
import { builder } from '../builder.ts'
import { ApiKey } from './apiKeySchema.ts'
import { PaymentRequest, requestById } from './paymentRequestSchema.ts'

import { AcceptedAsset } from './pricedRequestFields.ts'
import { assertPayeeSigned, assertSignedInput } from './signedInput.ts'
import { QuoteKeyMissingError } from '../../../domain/errors/quote.ts'
import { fieldErrors } from '../../../domain/errors/input.ts'

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
    reference: t.string({ required: true }),
    signature: t.string({ required: true, description: "The payee's EIP-712 signature of `PricedPaymentRequest`." }),
  }),
})

builder.mutationFields((t) => ({
  prepareQuoteKey: t.field({
    type: ApiKey,
    description:
      "The signed-in payee's quote key: the authorised one, or one waiting for the wallet to sign its delegation (authoriseApiKey). Priced requests need it.",
    resolve: async (_, __, ctx) => {
      const session = await ctx.signedIn()
      return quoteKeyOf(ctx.db, ctx.merchants.secrets.delegateKeys, session.address as Address)
    },
  }),
  createPricedPaymentRequest: t.field({
    type: PaymentRequest,
    description:
      'Stores a request priced in a currency that the signed-in payee signed, after checking every rule and the signature again.',
    args: { input: t.arg({ type: CreatePricedPaymentRequestInput, required: true }) },
    resolve: async (_, { input }, ctx) => {
      const session = await ctx.signedIn()
      const payee = getAddress(session.address)
      const checked = checkPricedRequestDraft(
        {
          chainId: String(input.chainId),
          currency: input.currency,
          price: input.price,
          acceptedAssets: input.acceptedAssets,
          tolerance: input.tolerance ?? '',
          payer: input.payer ?? '',
          memo: input.memo,
          dueAt: input.dueAt,
        },
        {
          assets: ctx.network.assets,
          quotable: quotableAssets(ctx.network.chains, ctx.network.assets),
          currenciesOn: pricedCurrencies,
          payee,
        },
      )
      if (!checked.ok) throw fieldErrors(checked.errors)
      assertSignedInput(input)
      const quoteKey = await authorisedQuoteKey(ctx.db, payee)
      if (!quoteKey)
        throw new QuoteKeyMissingError({
          field: 'quoteKey',
          shortMessage: 'Authorise price quotes in your wallet first: a priced request is paid at signed quotes.',
        })
      const terms = { ...checked.terms, payee, reference: input.reference }
      const client = ctx.network.clients.get(terms.chainId)!
      await assertPayeeSigned(client, payee, pricedRequestTypedData(terms), input.signature)
      const currency = fiatCurrency(terms.currency)!
      return insertPaymentRequest(ctx.db, {
        terms: {
          chainId: terms.chainId,
          asset: currency.code as typeof NATIVE_ASSET,
          amount: terms.price,
          payee,
          payer: terms.payer,
          memo: terms.memo,
          dueAt: terms.dueAt,
          reference: terms.reference,
        },
        asset: {
          chainId: terms.chainId,
          address: currency.code as typeof NATIVE_ASSET,
          symbol: currency.code,
          decimals: currency.minorDigits,
        },
        signature: input.signature,
        createdBlock: await client.getBlockNumber(),
        priced: {
          currency: currency.code,
          acceptedAssets: terms.acceptedAssets,
          toleranceBps: terms.toleranceBps,
          quoteKeyId: quoteKey.id,
        },
      })
    },
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

import { formatAmount } from '../../../domain/amount.ts'
import { findApiKey, type ApiKeyRow } from '../../../merchants/apiKeys.ts'
import { type PriceQuoteRow } from '../../../payments/quotes/issueQuote.ts'
import { type PaymentRequestRow } from '../../../payments/repository/paymentRequests.ts'
import {
  listPricedPayments,
  type PricedPayment as PricedPaymentRow,
} from '../../../payments/repository/pricedPayments.ts'
import { quoteOfRequest } from '../../../payments/quotes/quoteOfRequest.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { PaymentRequest, requestById } from './paymentRequestSchema.ts'

const Price = builder.objectRef<PaymentRequestRow>('Price').implement({
  description: 'What a priced request asks, in its currency.',
  fields: (t) => ({
    currency: t.string({ resolve: (r) => r.currency! }),
    amount: t.string({ description: 'In minor units (cents).', resolve: (r) => String(r.amount) }),
    amountDecimal: t.string({ resolve: (r) => formatAmount(BigInt(r.amount), r.decimals) }),
  }),
})

export const AcceptedAsset = builder
  .objectRef<{ address: string; symbol: string; decimals: number }>('AcceptedAsset')
  .implement({
    fields: (t) => ({
      address: t.exposeString('address', { description: '"native" or the token contract address.' }),
      symbol: t.exposeString('symbol'),
      decimals: t.exposeInt('decimals'),
    }),
  })

const QuoteKey = builder.objectRef<ApiKeyRow>('QuoteKey').implement({
  description:
    "The key whose delegate signs a priced request's quotes, and the payee's signature authorising it (EIP-712 `Delegation`).",
  fields: (t) => ({
    payee: t.exposeString('payee'),
    delegate: t.exposeString('delegate'),
    keyName: t.exposeString('name'),
    expiresAt: t.expose('delegationExpiresAt', { type: 'DateTime' }),
    delegationSignature: t.exposeString('delegationSignature', { nullable: true }),
  }),
})

type QuoteView = PriceQuoteRow & { request: PaymentRequestRow; priced: PaymentRequestRow }

const PriceQuote = builder.objectRef<QuoteView>('PriceQuote').implement({
  description:
    "A priced request quoted in one token, signed by the payee's quote key (EIP-712 `PriceQuote`): anyone can read the rounds it names from the feeds and compute the amount again.",
  fields: (t) => ({
    pricedRequestId: t.exposeString('pricedRequestId'),
    reference: t.string({ description: "The priced request's reference.", resolve: (q) => q.priced.reference }),
    paymentReference: t.string({ resolve: (q) => q.request.reference }),
    currency: t.string({ resolve: (q) => q.priced.currency! }),
    currencyDecimals: t.int({ resolve: (q) => q.priced.decimals }),
    price: t.string({ description: 'Minor units.', resolve: (q) => String(q.price) }),
    priceDecimal: t.string({ resolve: (q) => formatAmount(BigInt(q.price), q.priced.decimals) }),
    asset: t.exposeString('asset'),
    symbol: t.string({ resolve: (q) => q.request.symbol }),
    decimals: t.int({ resolve: (q) => q.request.decimals }),
    amount: t.string({ resolve: (q) => String(q.amount) }),
    amountDecimal: t.string({ resolve: (q) => formatAmount(BigInt(q.amount), q.request.decimals) }),
    tokenFeed: t.exposeString('tokenFeed'),
    tokenRound: t.string({ resolve: (q) => String(q.tokenRound) }),
    tokenAnswer: t.string({ resolve: (q) => String(q.tokenAnswer) }),
    tokenFeedDecimals: t.exposeInt('tokenFeedDecimals'),
    tokenUpdatedAt: t.expose('tokenUpdatedAt', { type: 'DateTime' }),
    currencyFeed: t.exposeString('currencyFeed', { nullable: true, description: 'Null for a price in USD.' }),
    currencyRound: t.string({ nullable: true, resolve: (q) => q.currencyRound && String(q.currencyRound) }),
    currencyAnswer: t.string({ nullable: true, resolve: (q) => q.currencyAnswer && String(q.currencyAnswer) }),
    currencyFeedDecimals: t.exposeInt('currencyFeedDecimals', { nullable: true }),
    currencyUpdatedAt: t.expose('currencyUpdatedAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    signature: t.exposeString('signature'),
  }),
})

const PricedPayment = builder.objectRef<PricedPaymentRow>('PricedPayment').implement({
  description: "A payment towards a priced request, in its quote's token, with its value in the request's currency.",
  fields: (t) => ({
    txHash: t.exposeString('txHash'),
    logIndex: t.exposeInt('logIndex'),
    from: t.exposeString('from'),
    amount: t.exposeString('amount', { description: 'Base units of the token.' }),
    amountDecimal: t.string({ resolve: (p) => formatAmount(BigInt(p.amount), p.decimals) }),
    symbol: t.exposeString('symbol'),
    blockNumber: t.string({ resolve: (p) => p.blockNumber.toString() }),
    blockTime: t.expose('blockTime', { type: 'DateTime' }),
    value: t.string({
      nullable: true,
      description:
        "Minor units of the request's currency: its share of the running total's value, rounded once, so a request's payments add up to what it received. Null until valued (moments).",
      resolve: (p) => p.value,
    }),
    valueDecimal: t.string({
      nullable: true,
      resolve: (p) => (p.value === null ? null : formatAmount(BigInt(p.value), p.valueDecimals)),
    }),
    valuedAt: t.string({
      nullable: true,
      description: "quote (at its quote), block (its block's rates) or latest (the node kept no history).",
      resolve: (p) => p.basis,
    }),
  }),
})

/** The assets a priced request accepts, as the chain's asset list names them. */
const acceptedOf = (r: PaymentRequestRow, ctx: ApiContext) =>
  (r.acceptedAssets ?? []).flatMap((address) => {
    const asset = ctx.network.assets.find((a) => a.chainId === r.chainId && a.address === address)
    return asset ? [asset] : []
  })

async function quoteView(ctx: ApiContext, request: PaymentRequestRow): Promise<QuoteView | null> {
  if (!request.pricedRequestId) return null
  const quote = await quoteOfRequest(ctx.reads, request.id)
  if (!quote) return null
  return { ...quote, request, priced: await requestById(ctx, request.pricedRequestId) }
}

builder.objectFields(PaymentRequest, (t) => ({
  price: t.field({
    type: Price,
    nullable: true,
    description: 'For a request priced in a currency (asset and symbol are then its code); null for one in a token.',
    resolve: (r) => (r.currency === null ? null : r),
  }),
  acceptedAssets: t.field({
    type: [AcceptedAsset],
    nullable: true,
    description: 'The tokens a priced request may be paid in.',
    resolve: (r, _, ctx) => (r.currency === null ? null : acceptedOf(r, ctx)),
  }),
  toleranceBps: t.exposeInt('toleranceBps', { nullable: true }),
  quoteKey: t.field({
    type: QuoteKey,
    nullable: true,
    description: "A priced request's quote key, for a payer to check the payee → delegate → quote chain.",
    resolve: async (r, _, ctx) => {
      const id = r.quoteKeyId
      if (!id) return null
      return (await findApiKey(ctx.reads, id)) ?? null
    },
  }),
  pricedRequestId: t.exposeString('pricedRequestId', {
    nullable: true,
    description: "For a quote's own request: the priced request it pays.",
  }),
  quote: t.field({
    type: PriceQuote,
    nullable: true,
    description: "For a quote's own request: the quote.",
    resolve: (r, _, ctx) => quoteView(ctx, r),
  }),
  pricedPayments: t.field({
    type: [PricedPayment],
    description: "A priced request's payments (to its quotes' requests), oldest first, each with its value.",
    resolve: (r, _, ctx) => listPricedPayments(ctx.reads, r),
  }),
}))

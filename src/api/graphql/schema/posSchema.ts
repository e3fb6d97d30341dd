import { formatAmount } from '../../../domain/amount.ts'
import { paymentUri } from '../../../domain/eip681.ts'
import type { Address } from 'viem'
import type { DayReport, ReportLine } from '../../../merchants/pos/dayReport.ts'
import type { Sale } from '../../../merchants/pos/chargeSale.ts'
import { currentSale } from '../../../merchants/pos/tillSales.ts'
import {
  activateTillOf,
  createMemberTillOf,
  prepareTillOf,
  sellAtTill,
  tillReportOf,
  tillToSellAt,
  tillsToSellAt,
} from '../../../merchants/pos/tillUseCases.ts'
import { pricedCurrencies, quotableAssets } from '../../../payments/quotes/quotePrice.ts'
import { NATIVE_ASSET } from '../../../domain/paymentRequest.ts'
import type { TillDraft } from '../../../domain/pos/tillDraft.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { runs } from '../runsUseCase.ts'
import { delegationClient } from './apiKeySchema.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'

import { PendingTill, Till, inUnit } from './tillSchema.ts'

const TillSale = builder.objectRef<Sale>('TillSale').implement({
  description: 'A sale charged at a till: the request its payer pays, in the till’s token.',
  fields: (t) => ({
    id: t.string({ resolve: (s) => s.sale.id }),
    subtotal: t.string({ resolve: (s, _, ctx) => inUnit(ctx, s.till, s.sale.subtotal) }),
    tip: t.string({ resolve: (s, _, ctx) => inUnit(ctx, s.till, s.sale.tip) }),
    total: t.string({ resolve: (s, _, ctx) => inUnit(ctx, s.till, BigInt(s.sale.subtotal) + BigInt(s.sale.tip)) }),
    request: t.field({ type: PaymentRequest, resolve: (s) => s.request }),
    paymentUri: t.string({
      description: 'EIP-681: the exact amount to the payee, for a wallet that scans it; matched by its amount.',
      resolve: (s) =>
        paymentUri({
          chainId: s.request.chainId,
          asset: s.request.asset === NATIVE_ASSET ? NATIVE_ASSET : (s.request.asset as Address),
          payee: s.request.payee as Address,
          amount: BigInt(s.request.amount),
        }),
    }),
  }),
})

const ReportLineRef = builder.objectRef<ReportLine & { report: DayReport }>('TillReportLine').implement({
  fields: (t) => ({
    saleId: t.exposeString('saleId'),
    requestId: t.exposeString('requestId'),
    at: t.expose('at', { type: 'DateTime' }),
    status: t.exposeString('status'),
    subtotal: t.string({ resolve: (l) => formatAmount(l.subtotal, l.report.unit.decimals) }),
    tip: t.string({ resolve: (l) => formatAmount(l.tip, l.report.unit.decimals) }),
    total: t.string({ resolve: (l) => formatAmount(l.total, l.report.unit.decimals) }),
    received: t.string({
      description: 'In the token.',
      resolve: (l) => formatAmount(l.received, l.report.asset.decimals),
    }),
    tipReceived: t.string({
      description: 'The tip’s share of what was received, in the token.',
      resolve: (l) => formatAmount(l.tipReceived, l.report.asset.decimals),
    }),
  }),
})

const TillReport = builder.objectRef<DayReport>('TillReport').implement({
  description: 'A till’s sales between two instants (the cashier’s day); the sums count the paid ones only.',
  fields: (t) => ({
    till: t.field({ type: Till, resolve: (r) => r.till }),
    unit: t.string({ resolve: (r) => r.unit.symbol }),
    assetSymbol: t.string({ resolve: (r) => r.asset.symbol }),
    from: t.expose('from', { type: 'DateTime' }),
    to: t.expose('to', { type: 'DateTime' }),
    lines: t.field({ type: [ReportLineRef], resolve: (r) => r.lines.map((l) => ({ ...l, report: r })) }),
    paidCount: t.int({ resolve: (r) => r.paid.count }),
    subtotal: t.string({ resolve: (r) => formatAmount(r.paid.subtotal, r.unit.decimals) }),
    tips: t.string({ resolve: (r) => formatAmount(r.paid.tips, r.unit.decimals) }),
    total: t.string({ resolve: (r) => formatAmount(r.paid.total, r.unit.decimals) }),
    received: t.string({
      description: 'In the token.',
      resolve: (r) => formatAmount(r.paid.received, r.asset.decimals),
    }),
    tipsReceived: t.string({
      description: 'In the token.',
      resolve: (r) => formatAmount(r.paid.tipsReceived, r.asset.decimals),
    }),
  }),
})

const TillItemInput = builder.inputType('TillItemInput', {
  fields: (t) => ({ name: t.string({ required: true }), price: t.string({ required: true }) }),
})

const TillInput = builder.inputType('TillInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    chainId: t.int({ required: true }),
    asset: t.string({ required: true, description: 'The token a sale is paid in.' }),
    currency: t.string({
      required: false,
      description: 'The shop’s currency ("EUR"); leave empty to count in the token.',
    }),
    items: t.field({ type: [TillItemInput], required: false }),
    tips: t.stringList({ required: false, description: 'Tip choices in percent, e.g. ["10", "15"].' }),
  }),
})

const SaleInput = builder.inputType('TillSaleInput', {
  fields: (t) => ({
    amount: t.string({ required: true, description: 'The subtotal, a decimal in the till’s unit.' }),
    tipBps: t.int({ required: false, description: 'One of the till’s tip choices, in basis points.' }),
    tip: t.string({ required: false, description: 'Or a tip the payer named, a decimal in the till’s unit.' }),
  }),
})

const tillDraftOf = (input: typeof TillInput.$inferInput): TillDraft => ({
  name: input.name,
  chainId: input.chainId,
  asset: input.asset,
  currency: input.currency ?? null,
  items: input.items ?? [],
  tips: input.tips ?? [],
})

const tillSetUp = (ctx: ApiContext, input: typeof TillInput.$inferInput) => ({
  draft: tillDraftOf(input),
  offer: {
    assets: ctx.network.assets,
    quotable: quotableAssets(ctx.network.chains, ctx.network.assets),
    currencies: pricedCurrencies(input.chainId),
  },
})

const saleServices = (ctx: ApiContext) => ({
  db: ctx.db,
  assets: ctx.network.assets,
  chainOf: ctx.quotes.chainOf,
  client: (chainId: number) => ctx.network.clients.get(chainId),
  readFeedsOn: (chainId: number) => ctx.quotes.readFeedsOn(chainId),
  signAsDelegate: ctx.merchants.secrets.signAsDelegate,
})

builder.queryFields((t) => ({
  myTills: t.field({
    type: [Till],
    ...runs(tillsToSellAt),
    resolve: async (_, __, ctx) => tillsToSellAt(await ctx.actor(), { db: ctx.reads }),
  }),
  till: t.field({
    type: Till,
    description: 'A till, for whoever may sell at it.',
    args: { id: t.arg.string({ required: true }) },
    ...runs(tillToSellAt),
    resolve: async (_, args, ctx) => tillToSellAt(await ctx.actor(), { db: ctx.db }, args),
  }),
  tillCurrentSale: t.field({
    type: PaymentRequest,
    nullable: true,
    description: 'The request a till’s fixed link opens (its newest sale), or null before its first. No sign-in.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_, { id }, ctx) => currentSale(ctx.db, id),
  }),
  tillReport: t.field({
    type: TillReport,
    description: 'A till’s end-of-day report: from and to are the cashier’s local midnights.',
    args: {
      id: t.arg.string({ required: true }),
      from: t.arg({ type: 'DateTime', required: true }),
      to: t.arg({ type: 'DateTime', required: true }),
    },
    ...runs(tillReportOf),
    resolve: async (_, args, ctx) => tillReportOf(await ctx.actor(), { db: ctx.db, assets: ctx.network.assets }, args),
  }),
}))

builder.mutationFields((t) => ({
  prepareTill: t.field({
    type: PendingTill,
    args: { input: t.arg({ type: TillInput, required: true }) },
    ...runs(prepareTillOf),
    resolve: async (_, { input }, ctx) => {
      const { till, key } = await prepareTillOf(
        await ctx.actor(),
        { db: ctx.db, box: ctx.merchants.secrets.delegateKeys },
        tillSetUp(ctx, input),
      )
      return { till, delegate: key.delegate, expiresAt: key.delegationExpiresAt }
    },
  }),
  createMemberTill: t.field({
    type: Till,
    description:
      "A member with tills:manage sets up a till in one step: its sales are signed by the business's members' delegate the owner authorised.",
    args: { input: t.arg({ type: TillInput, required: true }) },
    ...runs(createMemberTillOf),
    resolve: async (_, { input }, ctx) => createMemberTillOf(await ctx.actor(), { db: ctx.db }, tillSetUp(ctx, input)),
  }),
  createTill: t.field({
    type: Till,
    description: 'With the payee’s signature of the delegation, the till sells.',
    args: { id: t.arg.string({ required: true }), delegationSignature: t.arg.string({ required: true }) },
    ...runs(activateTillOf),
    resolve: async (_, args, ctx) =>
      activateTillOf(await ctx.actor(), { db: ctx.db, client: delegationClient(ctx) }, args),
  }),
  chargeSale: t.field({
    type: TillSale,
    description: 'Charges a sale at a till: a request in its token, its amount apart from the payee’s other open ones.',
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: SaleInput, required: true }) },
    ...runs(sellAtTill),
    resolve: async (_, { id, input }, ctx) =>
      sellAtTill(await ctx.actor(), saleServices(ctx), { tillId: id, sale: input }),
  }),
}))

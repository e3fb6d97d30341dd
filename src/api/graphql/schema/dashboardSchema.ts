import { formatAmount } from '../../../domain/amount.ts'
import { readReceivedInBooksByDay } from '../../../merchants/books/booksUseCases.ts'
import { builder } from '../builder.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'
import { AssetTotalRef } from './paymentSchema.ts'
import { PAYMENT_STATUSES } from '../../../payments/requestFilter.ts'
import type { DailyReceived, listRequestPage, OutstandingTotal } from '../../../payments/repository/requestListing.ts'
import { listRequests } from '../../../merchants/requests/requestUseCases.ts'
import {
  readOutstandingTotals,
  readReceivedByDay,
  readReceivedTotals,
} from '../../../merchants/requests/dashboardUseCases.ts'
import { runs } from '../runsUseCase.ts'

const PaymentStatusEnum = builder.enumType('PaymentStatus', { values: PAYMENT_STATUSES })

export const PaymentRequestFilter = builder.inputType('PaymentRequestFilter', {
  description:
    'Every part optional. The date range is [from, to): creation time for lists and exports, payment time for totals.',
  fields: (t) => ({
    statuses: t.field({ type: [PaymentStatusEnum], required: false }),
    chainId: t.int({ required: false }),
    asset: t.string({ required: false, description: '"native" or a token address.' }),
    from: t.field({ type: 'DateTime', required: false }),
    to: t.field({ type: 'DateTime', required: false }),
    search: t.string({ required: false, description: 'Text the memo contains, any case.' }),
  }),
})

const PaymentRequestPage = builder
  .objectRef<{ items: Awaited<ReturnType<typeof listRequestPage>>['items']; nextCursor: string | null }>(
    'PaymentRequestPage',
  )
  .implement({
    fields: (t) => ({
      items: t.field({ type: [PaymentRequest], resolve: (page) => page.items }),
      nextCursor: t.exposeString('nextCursor', {
        nullable: true,
        description: 'Pass as `after` for the next page; null on the last page.',
      }),
    }),
  })

const DailyReceivedRef = builder.objectRef<DailyReceived>('DailyReceived').implement({
  description: 'What was received in one asset on one UTC day.',
  fields: (t) => ({
    day: t.exposeString('day', { description: 'YYYY-MM-DD, UTC.' }),
    total: t.field({ type: AssetTotalRef, resolve: (r) => r }),
  }),
})

const OutstandingTotalRef = builder.objectRef<OutstandingTotal>('OutstandingTotal').implement({
  description: 'What is still owed in one asset.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    asset: t.exposeString('asset'),
    symbol: t.exposeString('symbol'),
    decimals: t.exposeInt('decimals'),
    outstanding: t.string({ description: 'Base units.', resolve: (r) => r.outstanding.toString() }),
    outstandingDecimal: t.string({ resolve: (r) => formatAmount(r.outstanding, r.decimals) }),
    requests: t.exposeInt('requests', { description: 'How many requests still owe something.' }),
  }),
})

builder.queryFields((t) => ({
  myOutstandingTotals: t.field({
    type: [OutstandingTotalRef],
    description:
      'Still owed per asset: open, partially paid and confirming requests matching the filter (created in its range), less what they received.',
    args: { filter: t.arg({ type: PaymentRequestFilter, required: false }) },
    ...runs(readOutstandingTotals),
    resolve: async (_, args, ctx) => readOutstandingTotals(await ctx.actor(), { db: ctx.reads }, args),
  }),
  myPaymentRequests: t.field({
    type: PaymentRequestPage,
    description: "The signed-in payee's requests, newest first, a page at a time.",
    args: {
      filter: t.arg({ type: PaymentRequestFilter, required: false }),
      first: t.arg.int({ required: false, defaultValue: 25 }),
      after: t.arg.string({ required: false }),
    },
    ...runs(listRequests),
    resolve: async (_, args, ctx) => listRequests(await ctx.actor(), { db: ctx.reads }, args),
  }),
  myReceivedTotals: t.field({
    type: [AssetTotalRef],
    description: 'Received per asset: payments in the date range, to requests matching the rest of the filter.',
    args: { filter: t.arg({ type: PaymentRequestFilter, required: false }) },
    ...runs(readReceivedTotals),
    resolve: async (_, args, ctx) => readReceivedTotals(await ctx.actor(), { db: ctx.reads }, args),
  }),
  myReceivedInBooksByDay: t.field({
    type: [DailyReceivedRef],
    description:
      "Received in the payee's books per UTC day, in their books currency (asset: its code, chainId 0): myReceivedByDay's payments at their values less the refunds mined that day, adding up to myReceivedInBooks; empty until they choose a currency.",
    args: { filter: t.arg({ type: PaymentRequestFilter, required: false }) },
    ...runs(readReceivedInBooksByDay),
    resolve: async (_, args, ctx) => readReceivedInBooksByDay(await ctx.actor(), { db: ctx.reads }, args),
  }),
  myReceivedByDay: t.field({
    type: [DailyReceivedRef],
    description: 'The same per UTC day, oldest first, for a chart.',
    args: { filter: t.arg({ type: PaymentRequestFilter, required: false }) },
    ...runs(readReceivedByDay),
    resolve: async (_, args, ctx) => readReceivedByDay(await ctx.actor(), { db: ctx.reads }, args),
  }),
}))

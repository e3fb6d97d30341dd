import { formatAmount } from '../../../domain/amount.ts'
import { fiatCurrency } from '../../../domain/currencies.ts'
import type { ReceivedInBooks as InBooksFigure } from '../../../payments/books/receivedInBooks.ts'
import { lineRate, type StatementLine } from '../../../payments/repository/statement.ts'
import { builder } from '../builder.ts'
import { PaymentRequestFilter } from './dashboardSchema.ts'
import { Payment } from './paymentSchema.ts'
import { bookValueOf } from '../../../payments/repository/payeeSettings.ts'
import {
  chooseReportingCurrency,
  readReceivedInBooks,
  readReportingCurrency,
  readStatement,
} from '../../../merchants/books/booksUseCases.ts'
import { runs } from '../runsUseCase.ts'

type Statement = {
  month: string
  currency: { code: string; minorDigits: number }
  lines: StatementLine[]
  inBooks: InBooksFigure
}

const Line = builder.objectRef<StatementLine & { minorDigits: number }>('StatementLine').implement({
  description:
    'A payment on a monthly statement, with its value in the books’ currency at its block; or a refund, negative, valued at the rate its request was paid at.',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'payment or refund.' }),
    blockTime: t.expose('blockTime', { type: 'DateTime' }),
    chainId: t.exposeInt('chainId'),
    txHash: t.exposeString('txHash'),
    blockNumber: t.string({ resolve: (l) => l.blockNumber.toString() }),
    requestId: t.exposeString('requestId'),
    memo: t.exposeString('memo'),
    symbol: t.exposeString('symbol'),
    amountDecimal: t.string({ resolve: (l) => formatAmount(l.amount, l.decimals) }),
    value: t.string({
      nullable: true,
      description: 'Minor units; null until valued.',
      resolve: (l) => l.value?.toString() ?? null,
    }),
    valueDecimal: t.string({
      nullable: true,
      resolve: (l) => (l.value === null ? null : formatAmount(l.value, l.minorDigits)),
    }),
    rate: t.string({ nullable: true, description: 'The currency per token unit it was valued at.', resolve: lineRate }),
    valuedAt: t.string({
      nullable: true,
      description:
        "quote, block (its block's rounds), latest (the node kept no history: the rounds when it was valued) or refund (the rate its request's payments were valued at).",
      resolve: (l) => l.basis,
    }),
    tokenRound: t.exposeString('tokenRound', { nullable: true }),
    currencyRound: t.exposeString('currencyRound', { nullable: true }),
  }),
})

const StatementRef = builder.objectRef<Statement>('Statement').implement({
  description: "A month's payments in the payee's books currency: each line's value at its block, and the total.",
  fields: (t) => ({
    month: t.exposeString('month'),
    currency: t.string({ resolve: (s) => s.currency.code }),
    lines: t.field({
      type: [Line],
      resolve: (s) => s.lines.map((l) => ({ ...l, minorDigits: s.currency.minorDigits })),
    }),
    total: t.string({
      description:
        'Received in the books this month, minor units: the payments less the refunds (as myReceivedInBooks).',
      resolve: (s) => s.inBooks.total.toString(),
    }),
    totalDecimal: t.string({ resolve: (s) => formatAmount(s.inBooks.total, s.currency.minorDigits) }),
    unvalued: t.int({
      description: 'Lines not valued yet (moments after a payment).',
      resolve: (s) => s.inBooks.unvalued,
    }),
  }),
})

type InBooks = { currency: { code: string; minorDigits: number } } & InBooksFigure

const ReceivedInBooks = builder.objectRef<InBooks>('ReceivedInBooks').implement({
  description:
    "What the dashboard's payments came to in the payee's books currency, each at its block, less their refunds (as the statement's total).",
  fields: (t) => ({
    currency: t.string({ resolve: (r) => r.currency.code }),
    total: t.string({ description: 'Minor units.', resolve: (r) => r.total.toString() }),
    totalDecimal: t.string({ resolve: (r) => formatAmount(r.total, r.currency.minorDigits) }),
    payments: t.exposeInt('payments'),
    refunds: t.exposeInt('refunds'),
    unvalued: t.exposeInt('unvalued', {
      description: 'Payments and refunds not valued yet (moments after they arrive).',
    }),
  }),
})

const BookValue = builder
  .objectRef<{ currency: { code: string; minorDigits: number }; value: bigint; basis: string }>('BookValue')
  .implement({
    description: "A payment's value in its payee's books currency at its block.",
    fields: (t) => ({
      currency: t.string({ resolve: (v) => v.currency.code }),
      value: t.string({ description: 'Minor units.', resolve: (v) => v.value.toString() }),
      valueDecimal: t.string({ resolve: (v) => formatAmount(v.value, v.currency.minorDigits) }),
      valuedAt: t.exposeString('basis', { description: 'quote, block or latest.' }),
    }),
  })

builder.objectField(Payment, 'bookValue', (t) =>
  t.field({
    type: BookValue,
    nullable: true,
    description: "Its value in the payee's books currency at its block; null when they keep none, or until valued.",
    resolve: async (p, _, ctx) => {
      const found = await bookValueOf(ctx.reads, p)
      const currency = found && fiatCurrency(found.currency)
      return found && currency ? { currency, value: BigInt(found.value), basis: found.basis } : null
    },
  }),
)

builder.queryFields((t) => ({
  myReceivedInBooks: t.field({
    type: ReceivedInBooks,
    nullable: true,
    description:
      "The received total of the dashboard's filter in the payee's books currency; null until they choose one.",
    args: { filter: t.arg({ type: PaymentRequestFilter, required: false }) },
    ...runs(readReceivedInBooks),
    resolve: async (_, args, ctx) => readReceivedInBooks(await ctx.actor(), { db: ctx.reads }, args),
  }),
  myReportingCurrency: t.string({
    nullable: true,
    description: 'The currency the signed-in payee keeps books in; null until chosen.',
    ...runs(readReportingCurrency),
    resolve: async (_, __, ctx) => readReportingCurrency(await ctx.actor(), { db: ctx.reads }),
  }),
  myStatement: t.field({
    type: StatementRef,
    description: "The signed-in payee's payments of a month (UTC), valued in their books currency.",
    args: { month: t.arg.string({ required: true, description: 'YYYY-MM, e.g. "2026-11".' }) },
    ...runs(readStatement),
    resolve: async (_, args, ctx) => readStatement(await ctx.actor(), { db: ctx.reads }, args),
  }),
}))

builder.mutationFields((t) => ({
  setReportingCurrency: t.string({
    description: 'Chooses the currency the payee keeps books in: every payment of theirs is valued in it at its block.',
    args: { currency: t.arg.string({ required: true }) },
    ...runs(chooseReportingCurrency),
    resolve: async (_, args, ctx) => chooseReportingCurrency(await ctx.actor(), { db: ctx.db }, args),
  }),
}))

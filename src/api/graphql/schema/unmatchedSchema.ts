import { formatAmount } from '../../../domain/amount.ts'
import {
  assignTransfer,
  dismissTransfer,
  findOpenRequestWithAmount,
  listUnmatchedTransfers,
  restoreTransfer,
} from '../../../merchants/transfers/transferUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'
import type { UnmatchedTransferRow } from '../../../payments/unmatchedTransfers.ts'

const UnmatchedTransfer = builder.objectRef<UnmatchedTransferRow>('UnmatchedTransfer').implement({
  description:
    'A transfer of a requested asset to the payee that pays no request by itself: no reference, and its amount fits no single open request.',
  fields: (t) => ({
    id: t.exposeString('id'),
    chainId: t.exposeInt('chainId'),
    asset: t.exposeString('asset', { description: '"native" or the token contract address.' }),
    symbol: t.string({ resolve: (r, _, ctx) => assetOf(ctx, r).symbol }),
    decimals: t.int({ resolve: (r, _, ctx) => assetOf(ctx, r).decimals }),
    from: t.exposeString('fromAddress'),
    amount: t.string({ description: 'Base units.', resolve: (r) => String(r.amount) }),
    amountDecimal: t.string({ resolve: (r, _, ctx) => formatAmount(BigInt(r.amount), assetOf(ctx, r).decimals) }),
    txHash: t.exposeString('txHash'),
    logIndex: t.exposeInt('logIndex'),
    blockNumber: t.string({ resolve: (r) => r.blockNumber.toString() }),
    blockTime: t.expose('blockTime', { type: 'DateTime' }),
    dismissedAt: t.expose('dismissedAt', { type: 'DateTime', nullable: true }),
  }),
})

const UnmatchedTransferPage = builder
  .objectRef<{ items: UnmatchedTransferRow[]; nextCursor: string | null; total: number }>('UnmatchedTransferPage')
  .implement({
    fields: (t) => ({
      items: t.field({ type: [UnmatchedTransfer], resolve: (page) => page.items }),
      nextCursor: t.exposeString('nextCursor', {
        nullable: true,
        description: 'Pass as `after` for the next page; null on the last page.',
      }),
      total: t.exposeInt('total', { description: 'Transfers waiting for the payee: not assigned, not dismissed.' }),
    }),
  })

function assetOf(ctx: ApiContext, row: UnmatchedTransferRow) {
  return (
    ctx.network.assets.find((a) => a.chainId === row.chainId && a.address === row.asset) ?? { symbol: '?', decimals: 0 }
  )
}

builder.queryFields((t) => ({
  myUnmatchedTransfers: t.field({
    type: UnmatchedTransferPage,
    description:
      'Transfers to the signed-in payee that pay no request by themselves, newest first; `dismissed: true` lists the dismissed ones.',
    args: {
      first: t.arg.int({ required: false, defaultValue: 25 }),
      after: t.arg.string({ required: false }),
      dismissed: t.arg.boolean({ required: false, defaultValue: false }),
    },
    ...runs(listUnmatchedTransfers),
    resolve: async (_, args, ctx) => listUnmatchedTransfers(await ctx.actor(), { db: ctx.reads }, args),
  }),
}))

builder.queryFields((t) => ({
  myOpenRequestWithAmount: t.boolean({
    description:
      'Whether the signed-in payee has an open request on this chain and asset with exactly this amount still due: direct transfers could not tell a new request of the same amount apart.',
    args: {
      chainId: t.arg.int({ required: true }),
      asset: t.arg.string({ required: true }),
      amount: t.arg.string({ required: true }),
    },
    ...runs(findOpenRequestWithAmount),
    resolve: async (_, args, ctx) =>
      findOpenRequestWithAmount(await ctx.actor(), { db: ctx.reads, assets: ctx.network.assets }, args),
  }),
}))

builder.mutationFields((t) => ({
  assignUnmatchedTransfer: t.field({
    type: PaymentRequest,
    description:
      "Makes an unmatched transfer a payment of one of the payee's requests (same chain and asset), recorded as assigned by the payee. A transfer pays at most one request.",
    args: { transferId: t.arg.string({ required: true }), requestId: t.arg.string({ required: true }) },
    ...runs(assignTransfer),
    resolve: async (_, args, ctx) =>
      assignTransfer(
        await ctx.actor(),
        {
          db: ctx.db,
          assets: ctx.network.assets,
          headOf: ctx.headOf,
          confirmationsOf: (chainId) => ctx.network.chains.find((c) => c.chain.id === chainId)?.confirmations ?? 1,
        },
        args,
      ),
  }),
  dismissUnmatchedTransfer: t.field({
    type: UnmatchedTransfer,
    description: 'Marks an unmatched transfer as not a payment for Billfold; restoreUnmatchedTransfer undoes it.',
    args: { transferId: t.arg.string({ required: true }) },
    ...runs(dismissTransfer),
    resolve: async (_, args, ctx) => dismissTransfer(await ctx.actor(), { db: ctx.db }, args),
  }),
  restoreUnmatchedTransfer: t.field({
    type: UnmatchedTransfer,
    description: 'Undoes a dismissal: the transfer is listed as unmatched again.',
    args: { transferId: t.arg.string({ required: true }) },
    ...runs(restoreTransfer),
    resolve: async (_, args, ctx) => restoreTransfer(await ctx.actor(), { db: ctx.db }, args),
  }),
}))

import { toHex, type Address, type Hex } from 'viem'
import { formatAmount } from '../../../domain/amount.ts'
import { refundStatus, refundTransaction } from '../../../domain/refund.ts'
import { cancelRefundOf, prepareRefundOf, readRefundsAsPayee } from '../../../merchants/refunds/refundUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { payeeOnly } from '../payeeOnly.ts'
import { refundState, type RefundState } from '../../../payments/refunds/refundState.ts'
import { listRefunds, type RefundTransferRow, type RefundWithTransfers } from '../../../payments/refunds/refundRows.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'

type RefundView = RefundWithTransfers & { decimals: number; symbol: string }

const RefundTransfer = builder.objectRef<RefundTransferRow & { decimals: number }>('RefundTransfer').implement({
  description: 'A transfer on chain that carried a refund’s reference from the payee.',
  fields: (t) => ({
    txHash: t.exposeString('txHash'),
    logIndex: t.exposeInt('logIndex'),
    to: t.exposeString('toAddress'),
    amount: t.string({ resolve: (r) => String(r.amount) }),
    amountDecimal: t.string({ resolve: (r) => formatAmount(BigInt(r.amount), r.decimals) }),
    blockNumber: t.string({ resolve: (r) => r.blockNumber.toString() }),
    blockTime: t.expose('blockTime', { type: 'DateTime' }),
  }),
})

const RefundTransaction = builder
  .objectRef<{ chainId: number; from: string; to: string; value: bigint; data: Hex }>('RefundTransaction')
  .implement({
    description: 'The unsigned transaction the payee’s wallet sends for a refund.',
    fields: (t) => ({
      chainId: t.exposeInt('chainId'),
      from: t.exposeString('from'),
      to: t.exposeString('to'),
      value: t.string({ description: 'Wei, as hex.', resolve: (r) => toHex(r.value) }),
      data: t.exposeString('data'),
    }),
  })

export const Refund = builder.objectRef<RefundView>('Refund').implement({
  description: 'Money the payee sends back for a request, prepared here and sent by their own wallet.',
  fields: (t) => ({
    id: t.exposeString('id'),
    to: t.exposeString('toAddress'),
    amount: t.string({ description: 'Base units, as prepared.', resolve: (r) => String(r.amount) }),
    amountDecimal: t.string({ resolve: (r) => formatAmount(BigInt(r.amount), r.decimals) }),
    symbol: t.exposeString('symbol'),
    state: t.string({
      description:
        'awaiting_transfer (prepared, holding its amount), refunded (seen on chain), cancelled or expired (held nothing since).',
      resolve: (r): RefundState => refundState(r, new Date()),
    }),
    reference: t.exposeString('reference'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    transfers: t.field({
      type: [RefundTransfer],
      resolve: (r) => r.transfers.map((transfer) => ({ ...transfer, decimals: r.decimals })),
    }),
    transaction: t.field({
      type: RefundTransaction,
      description: 'What the payee’s wallet sends: a transfer with the refund’s reference after it.',
      resolve: (r) => ({
        chainId: r.chainId,
        from: r.payee,
        ...refundTransaction({
          asset: r.asset,
          to: r.toAddress as Address,
          amount: BigInt(r.amount),
          reference: r.reference as Hex,
        }),
      }),
    }),
  }),
})

/** The request's refunds as this viewer may see them: all for its payee, those seen on chain for anyone else. */
async function visibleRefunds(
  ctx: ApiContext,
  request: { id: string; payee: string; decimals: number; symbol: string },
) {
  const own = await payeeOnly(ctx, readRefundsAsPayee, { db: ctx.reads }, { request })
  const refunds = own ?? (await listRefunds(ctx.reads, request.id)).filter((r) => r.transfers.length > 0)
  return refunds.map((r) => ({ ...r, decimals: request.decimals, symbol: request.symbol }))
}

builder.objectFields(PaymentRequest, (t) => ({
  refunded: t.string({
    description: 'Sent back, as recorded from the chain; base units.',
    resolve: (r) => String(r.refunded),
  }),
  refundedDecimal: t.string({ resolve: (r) => formatAmount(BigInt(r.refunded), r.decimals) }),
  refundStatus: t.string({
    description: 'none, partly_refunded or refunded (all that was received went back).',
    resolve: (r) => refundStatus(BigInt(r.received), BigInt(r.refunded)),
  }),
  refunds: t.field({ type: [Refund], description: 'Oldest first.', resolve: (r, _, ctx) => visibleRefunds(ctx, r) }),
}))

builder.mutationFields((t) => ({
  prepareRefund: t.field({
    type: Refund,
    description:
      "Prepares a refund of the signed-in payee's request for their wallet to send; it holds its amount until seen on chain, cancelled, or a day has passed.",
    args: {
      requestId: t.arg.string({ required: true }),
      amount: t.arg.string({ required: true, description: 'A decimal in the request\'s asset, such as "2.5".' }),
      to: t.arg.string({ required: false, description: 'Where it goes; by default the address that paid.' }),
      chainId: t.arg.int({
        required: false,
        description:
          'The chain it goes back on, one the request accepts; by default the chain the recipient paid on (needed when they paid on several), else the request’s own.',
      }),
    },
    ...runs(prepareRefundOf),
    resolve: async (_, args, ctx) => {
      const { refund, request } = await prepareRefundOf(
        await ctx.actor(),
        { db: ctx.db, clients: ctx.network.clients },
        args,
      )
      return { ...refund, transfers: [], decimals: request.decimals, symbol: request.symbol }
    },
  }),
  cancelRefund: t.field({
    type: Refund,
    description: 'Stops a prepared refund holding its amount (the wallet declined it); refused once seen on chain.',
    args: { id: t.arg.string({ required: true }) },
    ...runs(cancelRefundOf),
    resolve: async (_, args, ctx) => {
      const { refund, request } = await cancelRefundOf(await ctx.actor(), { db: ctx.db }, args)
      return { ...refund, transfers: [], decimals: request.decimals, symbol: request.symbol }
    },
  }),
}))

import { formatAmount } from '../../../domain/amount.ts'
import { directPaymentOf } from '../../../payments/repository/dueRequests.ts'
import type { PaymentRequestRow, PaymentRow } from '../../../payments/repository/paymentRequests.ts'
import { acceptedChainsOf } from '../../../payments/repository/requestChainRows.ts'
import type { AssetTotal } from '../../../payments/repository/requestListing.ts'
import { builder } from '../builder.ts'

export const Payment = builder.objectRef<PaymentRow & { decimals: number; symbol: string }>('Payment').implement({
  description: 'A transfer on chain that counts towards a request.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain it arrived on: any the request accepts.' }),
    txHash: t.exposeString('txHash'),
    logIndex: t.exposeInt('logIndex', {
      description: 'For a native-coin transfer, -1 minus its position in the transaction (-1: the transaction itself).',
    }),
    from: t.exposeString('fromAddress'),
    amount: t.string({ description: 'Base units.', resolve: (p) => String(p.amount) }),
    amountDecimal: t.string({ resolve: (p) => formatAmount(BigInt(p.amount), p.decimals) }),
    symbol: t.exposeString('symbol', {
      description: "What it was paid in: the request's asset, or for a priced request its quote's token.",
    }),
    blockNumber: t.string({ resolve: (p) => p.blockNumber.toString() }),
    blockTime: t.expose('blockTime', { type: 'DateTime' }),
    matchedBy: t.exposeString('matchedBy', {
      description:
        "reference (it carried the request's reference), amount (a direct transfer of exactly what was due) or assigned (by the payee).",
    }),
    assignedAt: t.expose('assignedAt', { type: 'DateTime', nullable: true }),
    confirmations: t.int({
      description: 'Blocks on top of it, counting its own.',
      resolve: async (p, _, ctx) => Number((await ctx.headOf(p.chainId)) - p.blockNumber + 1n),
    }),
  }),
})

type DirectPaymentShape = { available: boolean; reason: string | null; due: bigint; decimals: number }

const DirectPaymentOnChain = builder
  .objectRef<DirectPaymentShape & { chainId: number; asset: string }>('DirectPaymentOnChain')
  .implement({
    description: 'A plain transfer on one of the chains the request accepts, in its token there.',
    fields: (t) => ({
      chainId: t.exposeInt('chainId'),
      asset: t.exposeString('asset', { description: '"native" or the token contract address on this chain.' }),
      available: t.exposeBoolean('available'),
      reason: t.exposeString('reason', { nullable: true, description: 'Why not, when it is not.' }),
    }),
  })

export const DirectPayment = builder
  .objectRef<DirectPaymentShape & { request: PaymentRequestRow }>('DirectPayment')
  .implement({
    description:
      'Whether the payer can pay with a plain transfer from any wallet or an exchange (no reference), matched by its amount.',
    fields: (t) => ({
      available: t.exposeBoolean('available', { description: "On the request's own chain." }),
      reason: t.exposeString('reason', { nullable: true, description: 'Why not, when it is not.' }),
      due: t.string({
        description: 'What is still due, in base units: the exact amount to send, on whichever chain.',
        resolve: (d) => d.due.toString(),
      }),
      dueDecimal: t.string({ resolve: (d) => formatAmount(d.due, d.decimals) }),
      chains: t.field({
        type: [DirectPaymentOnChain],
        description:
          'Each chain the request accepts, its own first: whether a plain transfer there would be matched to it by its amount alone.',
        resolve: ({ request, decimals }, _, ctx) =>
          Promise.all(
            acceptedChainsOf(request).map(async (on) => ({
              ...(await directPaymentOf(ctx.reads, request, on)),
              ...on,
              decimals,
            })),
          ),
      }),
    }),
  })

export const AssetTotalRef = builder.objectRef<AssetTotal>('AssetTotal').implement({
  description: 'What was received in one asset.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    asset: t.exposeString('asset'),
    symbol: t.exposeString('symbol'),
    decimals: t.exposeInt('decimals'),
    received: t.string({ description: 'Base units.', resolve: (r) => r.received.toString() }),
    receivedDecimal: t.string({ resolve: (r) => formatAmount(r.received, r.decimals) }),
    payments: t.exposeInt('payments'),
  }),
})

import { formatAmount } from '../../../domain/amount.ts'
import { builder } from '../builder.ts'
import { cancelRequest, followRequests } from '../../../merchants/requests/requestUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { makeRequestFor } from '../../../merchants/business/memberRequest.ts'
import { AssetTotalRef, DirectPayment, Payment } from './paymentSchema.ts'
import { receivedByChain } from '../../../payments/receivedByChain.ts'
import type { ApiContext } from '../context.ts'
import {
  findPaymentRequest,
  isPaymentRequestId,
  listPaymentsOfPriced,
  type PaymentRequestRow,
} from '../../../payments/repository/paymentRequests.ts'
import { acceptedChainsOf } from '../../../payments/repository/requestChainRows.ts'
import { directPaymentOf } from '../../../payments/repository/dueRequests.ts'
import { NotFoundError } from '../../../domain/errors/access.ts'
import type { AcceptedChain } from '../../../domain/requestChains.ts'

export const REQUEST_UPDATED = 'paymentRequestUpdated'
export const PAYEE_REQUEST_UPDATED = 'payeeRequestUpdated'

const AcceptedChainRef = builder.objectRef<AcceptedChain>('AcceptedChain').implement({
  description: 'A chain a request accepts and the token it takes there.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    asset: t.exposeString('asset', { description: '"native" or the token contract address on that chain.' }),
  }),
})

const AcceptedChainInput = builder.inputType('AcceptedChainInput', {
  fields: (t) => ({
    chainId: t.int({ required: true }),
    asset: t.string({ required: true, description: "The same token as the request's asset, on that chain." }),
  }),
})

export const PaymentRequest = builder.objectRef<PaymentRequestRow>('PaymentRequest').implement({
  description: 'A signed request for a payment. Amounts are strings: base units, and the same as a decimal.',
  fields: (t) => ({
    id: t.exposeString('id'),
    chainId: t.exposeInt('chainId'),
    asset: t.exposeString('asset', { description: '"native" or the token contract address.' }),
    symbol: t.exposeString('symbol'),
    decimals: t.exposeInt('decimals'),
    amount: t.string({ resolve: (r) => String(r.amount) }),
    amountDecimal: t.string({ resolve: (r) => formatAmount(BigInt(r.amount), r.decimals) }),
    received: t.string({ resolve: (r) => String(r.received) }),
    receivedDecimal: t.string({ resolve: (r) => formatAmount(BigInt(r.received), r.decimals) }),
    payee: t.exposeString('payee'),
    payer: t.exposeString('payer', { nullable: true }),
    memo: t.exposeString('memo', { description: 'Plain text: always render it as text.' }),
    dueAt: t.expose('dueAt', { type: 'DateTime' }),
    reference: t.exposeString('reference'),
    signature: t.exposeString('signature'),
    status: t.exposeString('status', {
      description: 'open, pending, paid, partially_paid, overpaid, expired or cancelled.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true }),
    paidLate: t.boolean({ resolve: (r) => r.paidAt !== null && r.paidAt.getTime() > r.dueAt.getTime() }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
    redirectUrl: t.exposeString('redirectUrl', {
      nullable: true,
      description: 'Where the merchant asked the payer to be sent back after paying (https).',
    }),
    directPayment: t.field({
      type: DirectPayment,
      resolve: async (r, _, ctx) => ({ ...(await directPaymentOf(ctx.reads, r)), decimals: r.decimals, request: r }),
    }),
    acceptedChains: t.field({
      type: [AcceptedChainRef],
      description:
        'Every chain the request may be paid on and its token there, its own chain first; the signature covers them all. Payments on each add up.',
      // A priced request is paid through its quotes, each a request of one chain.
      resolve: (r) => (r.currency === null ? acceptedChainsOf(r) : []),
    }),
    payments: t.field({
      type: [Payment],
      description: "Oldest first; a priced request's are those to its quotes' requests, in their tokens.",
      resolve: async (r, _, ctx) =>
        r.currency !== null
          ? listPaymentsOfPriced(ctx.reads, r.id)
          : (await ctx.paymentsOf(r.id)).map((p) => ({ ...p, decimals: r.decimals, symbol: r.symbol })),
    }),
    receivedByChain: t.field({
      type: [AssetTotalRef],
      description:
        "What its payments came to on each chain they arrived on, in its token there, in the order of `acceptedChains`; none for a priced request (see its quotes' requests).",
      resolve: async (r, _, ctx) =>
        r.currency !== null
          ? []
          : receivedByChain(
              { symbol: r.symbol, decimals: r.decimals, chains: acceptedChainsOf(r) },
              await ctx.paymentsOf(r.id),
            ),
    }),
  }),
})

const CreatePaymentRequestInput = builder.inputType('CreatePaymentRequestInput', {
  fields: (t) => ({
    chainId: t.int({ required: true }),
    asset: t.string({ required: true, description: '"native" or a token address from the chain\'s assets.' }),
    amount: t.string({ required: true, description: 'A decimal such as "12.50", in the asset\'s units.' }),
    payer: t.string({ required: false, description: 'Only payments from this address count.' }),
    memo: t.string({ required: true }),
    dueAt: t.string({ required: true, description: 'ISO-8601; must be in the future.' }),
    reference: t.string({ required: true, description: '16 random bytes as 0x-prefixed hex.' }),
    signature: t.string({
      required: false,
      description:
        "The payee's EIP-712 signature of the terms. A member acting for the business leaves it out: the business's members' delegate signs.",
    }),
    acceptedChains: t.field({
      type: [AcceptedChainInput],
      required: false,
      description:
        "Other chains the request may be paid on, each with the same token: then the payee signs PaymentRequestOnChains over the whole set (own chain first, the others by chain id). Left out, every offered chain where the token exists (a signature of the own chain's PaymentRequest alone makes a request of that chain); an empty list, the own chain alone.",
    }),
  }),
})

/**
 * The request with this id, or NOT_FOUND naming `field`; an id that cannot be one is not looked up.
 * Read where the operation reads: a query from a replica with the client's writes, the rest from the primary.
 */
export async function requestById(ctx: ApiContext, id: string, field = 'id'): Promise<PaymentRequestRow> {
  const found = isPaymentRequestId(id) ? await findPaymentRequest(ctx.reads, id) : undefined
  if (!found)
    throw new NotFoundError({
      field,
      shortMessage: 'There is no payment request with this id. Check the link.',
    })
  return found
}

builder.queryFields((t) => ({
  paymentRequest: t.field({
    type: PaymentRequest,
    description: 'One request by id: public, for the pay page.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_, { id }, ctx) => {
      return requestById(ctx, id)
    },
  }),
}))

builder.mutationFields((t) => ({
  createPaymentRequest: t.field({
    type: PaymentRequest,
    description:
      "Stores a request the signed-in payee signed, after checking every rule and the signature again; a member's is signed by the business's members' delegate.",
    args: { input: t.arg({ type: CreatePaymentRequestInput, required: true }) },
    ...runs(makeRequestFor),
    resolve: async (_, { input }, ctx) =>
      makeRequestFor(
        await ctx.actor(),
        {
          db: ctx.db,
          assets: ctx.network.assets,
          clients: ctx.network.clients,
          signAsDelegate: ctx.merchants.secrets.signAsDelegate,
        },
        input,
      ),
  }),
}))

builder.mutationFields((t) => ({
  cancelPaymentRequest: t.field({
    type: PaymentRequest,
    description:
      'Cancels a request of the signed-in payee while nothing has been received for it; the pay page then says so.',
    args: { id: t.arg.string({ required: true }) },
    ...runs(cancelRequest),
    resolve: async (_, args, ctx) => cancelRequest(await ctx.actor(), { db: ctx.db }, args),
  }),
}))

builder.subscriptionFields((t) => ({
  paymentRequestUpdated: t.field({
    type: PaymentRequest,
    description: 'The request each time its status or payments change (server-sent events).',
    args: { id: t.arg.string({ required: true }) },
    subscribe: (_, { id }, ctx) => ctx.pubsub.subscribe(REQUEST_UPDATED, id),
    resolve: async (_, { id }, ctx) => {
      return requestById(ctx, id)
    },
  }),
  myPaymentRequestUpdated: t.field({
    type: PaymentRequest,
    description:
      "Each of the signed-in payee's requests as it is created, paid, expires or is cancelled (server-sent events): what keeps the dashboard live.",
    ...runs(followRequests),
    subscribe: async (_, __, ctx) =>
      ctx.pubsub.subscribe(PAYEE_REQUEST_UPDATED, await followRequests(await ctx.actor(), { db: ctx.db })),
    resolve: async (id, _, ctx) => requestById(ctx, id as unknown as string),
  }),
}))

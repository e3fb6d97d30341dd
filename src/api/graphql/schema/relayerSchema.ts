import { isAddress, type Address } from 'viem'
import { erc3009 } from '../../../payments/methods/erc3009/erc3009.ts'
import {
  GASLESS_REASON_CODES,
  gaslessAvailability,
  relayCostNow,
  relayerBalance,
  type GaslessAvailability,
} from '../../../relayer/gaslessAvailability.ts'
import { requestOnChosenChain } from '../../../payments/repository/requestChainRows.ts'
import { relayPayment } from '../../../relayer/relayPayment.ts'
import { latestRelayOf } from '../../../relayer/listRelays.ts'
import type { RelayerRow } from '../../../relayer/relayerStore.ts'
import type { RelayRow } from '../../../relayer/sendRelay.ts'
import {
  listRelayers,
  listRelaysOf,
  updateRelayerOf,
  withdrawRelayerOf,
} from '../../../merchants/relayers/relayerUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { PaymentRequest, requestById } from './paymentRequestSchema.ts'

const CHAIN_ID_ARG = {
  required: false,
  description: 'One of the chains the request accepts, where the payer pays: its own chain when left out.',
} as const

const Gasless = builder.objectRef<GaslessAvailability>('Gasless').implement({
  description: 'Whether the payer can pay by signing alone, the payee’s relayer paying the network fee.',
  fields: (t) => ({
    available: t.exposeBoolean('available'),
    reason: t.exposeString('reason', { nullable: true, description: 'Why not, in words for the payer.' }),
    reasonCode: t.exposeString('reasonCode', {
      nullable: true,
      description: `Why not, as a code a page words in its reader's language: ${GASLESS_REASON_CODES.join(', ')}.`,
    }),
  }),
})

export const Relay = builder.objectRef<RelayRow>('Relay').implement({
  description: "A transaction the payee's relayer sent or is to send: a payer's authorization, or a withdrawal.",
  fields: (t) => ({
    id: t.exposeString('id'),
    kind: t.exposeString('kind', { description: 'payment or withdrawal.' }),
    chainId: t.exposeInt('chainId'),
    requestId: t.exposeString('requestId', { nullable: true }),
    payer: t.exposeString('payer', { nullable: true }),
    state: t.exposeString('state', {
      description: 'waiting (for fees under the cap or funds), signed, sent, mined, reverted or expired.',
    }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why it waits or failed.' }),
    transactionHash: t.string({
      nullable: true,
      description: 'The mined transaction, or the latest version sent.',
      resolve: (r) => r.transactionHash ?? r.transactionHashes.at(-1) ?? null,
    }),
    nonce: t.exposeInt('txNonce', { nullable: true }),
    value: t.exposeString('value', { description: 'Native base units a withdrawal carries.' }),
    fee: t.exposeString('fee', { nullable: true, description: 'What it cost, in native base units, once mined.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
})

const Relayer = builder.objectRef<RelayerRow>('Relayer').implement({
  description: "The payee's relayer on a chain: fund it with a little native coin and turn it on.",
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    address: t.exposeString('address'),
    enabled: t.exposeBoolean('enabled'),
    feeCap: t.exposeString('feeCap', {
      nullable: true,
      description: 'The most one relay may cost, native base units.',
    }),
    revertBudget: t.exposeInt('revertBudget', {
      description: 'Reverted relays an hour accepted: past it, payments without gas pause until resumed.',
    }),
    pausedAt: t.expose('pausedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When payments without gas paused (reverts past the budget); null while they run.',
    }),
    pausedReason: t.exposeString('pausedReason', { nullable: true }),
    wastedGas: t.exposeString('wastedGas', {
      description: 'Gas spent on relays that reverted and on nonces filled for expired authorizations.',
    }),
    wastedFee: t.exposeString('wastedFee', {
      description: 'What that gas cost, native base units.',
    }),
    balance: t.string({
      description: 'Native base units.',
      resolve: async (r, _, ctx) =>
        String(await relayerBalance(ctx.merchants.relayer, r.chainId, r.address as Address, { fresh: true })),
    }),
    relayCost: t.string({
      description: 'What one relay costs at the current fee (native base units).',
      resolve: async (r, _, ctx) => String((await relayCostNow(ctx.merchants.relayer, r.chainId)).relay),
    }),
    lowBalance: t.boolean({
      description: 'Below the cost of 20 relays at the current fee.',
      resolve: async (r, _, ctx) => {
        const [balance, cost] = await Promise.all([
          relayerBalance(ctx.merchants.relayer, r.chainId, r.address as Address),
          relayCostNow(ctx.merchants.relayer, r.chainId),
        ])
        return balance < cost.lowBelow
      },
    }),
  }),
})

const AuthorizationInput = builder.inputType('TransferAuthorizationInput', {
  description: 'The message the payer signed (from transferAuthorization), uint256 values as decimal strings.',
  fields: (t) => ({
    from: t.string({ required: true }),
    to: t.string({ required: true }),
    value: t.string({ required: true }),
    validAfter: t.string({ required: true }),
    validBefore: t.string({ required: true }),
    nonce: t.string({ required: true }),
  }),
})

builder.objectFields(PaymentRequest, (t) => ({
  gasless: t.field({
    type: Gasless,
    args: {
      payer: t.arg.string({
        required: false,
        description: 'The connected payer: a payer refused for now (a relay of theirs reverted) is told so.',
      }),
      chainId: t.arg.int(CHAIN_ID_ARG),
    },
    resolve: (request, { payer, chainId }, ctx) =>
      gaslessAvailability(
        ctx.merchants.relayer,
        request,
        undefined,
        payer && isAddress(payer) ? payer : undefined,
        chainId ?? request.chainId,
      ),
  }),
  relay: t.field({
    type: Relay,
    nullable: true,
    description: "The latest relay of a payer's authorization for this request.",
    resolve: (request, _, ctx) => latestRelayOf(ctx.db, request.id),
  }),
}))

const chainIdsOf = (ctx: ApiContext) => ctx.network.chains.map((c) => c.chain.id)
const relayerServices = (ctx: ApiContext) => ({ ...ctx.merchants.relayer, chainIds: chainIdsOf(ctx) })

builder.queryFields((t) => ({
  myRelayers: t.field({
    type: [Relayer],
    description: "The signed-in payee's relayer on each chain offered (made on first ask).",
    ...runs(listRelayers),
    resolve: async (_, __, ctx) =>
      listRelayers(await ctx.actor(), { db: ctx.db, box: ctx.merchants.relayer.box, chainIds: chainIdsOf(ctx) }),
  }),
  myRelays: t.field({
    type: [Relay],
    description: "The signed-in payee's relays and withdrawals, newest first (at most 100), with their fees.",
    args: { first: t.arg.int({ required: false, defaultValue: 50 }) },
    ...runs(listRelaysOf),
    resolve: async (_, args, ctx) => listRelaysOf(await ctx.actor(), { db: ctx.db }, args),
  }),
}))

builder.mutationFields((t) => ({
  payWithAuthorization: t.field({
    type: Relay,
    description:
      "Pays a request with the payer's signed ERC-3009 authorization, sent by the payee's relayer on the chain named (any the request accepts; its own by default): checked and simulated first, nothing sent if anything is wrong. The same authorization again answers the same relay.",
    args: {
      requestId: t.arg.string({ required: true }),
      authorization: t.arg({ type: AuthorizationInput, required: true }),
      signature: t.arg.string({ required: true }),
      chainId: t.arg.int(CHAIN_ID_ARG),
    },
    resolve: async (_, { requestId, authorization, signature, chainId }, ctx) =>
      relayPayment(
        ctx.merchants.relayer,
        requestOnChosenChain(await requestById(ctx, requestId, 'requestId'), chainId),
        {
          method: erc3009,
          input: authorization,
          signature,
        },
      ),
  }),
  updateRelayer: t.field({
    type: Relayer,
    args: {
      chainId: t.arg.int({ required: true }),
      enabled: t.arg.boolean({ required: false }),
      feeCap: t.arg.string({ required: false, description: 'Native base units; an empty string removes the cap.' }),
      revertBudget: t.arg.int({
        required: false,
        description: 'Reverted relays an hour accepted before payments without gas pause (1 to 100).',
      }),
      resume: t.arg.boolean({
        required: false,
        description: 'Resumes payments without gas after a pause; earlier reverts no longer count.',
      }),
    },
    ...runs(updateRelayerOf),
    resolve: async (_, args, ctx) => updateRelayerOf(await ctx.actor(), relayerServices(ctx), args),
  }),
  withdrawRelayer: t.field({
    type: Relay,
    description: "Sends what the relayer holds, less this transfer's fee, to the business's payout address.",
    args: { chainId: t.arg.int({ required: true }) },
    ...runs(withdrawRelayerOf),
    resolve: async (_, args, ctx) => withdrawRelayerOf(await ctx.actor(), relayerServices(ctx), args),
  }),
}))

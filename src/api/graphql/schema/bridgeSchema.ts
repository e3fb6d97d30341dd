import { formatUnits, type Hex } from 'viem'
import type { Attestation } from '../../../payments/bridge/circleAttestation.ts'
import type { UsdcMoveState } from '../../../payments/bridge/usdcMoveState.ts'
import type { UsdcMoveRow } from '../../../payments/bridge/usdcMoves.ts'
import type { PreparedCall } from '../../../payments/bridge/usdcToOneChain.ts'
import {
  dismissUsdcMoveOf,
  listUsdcMoves,
  prepareUsdcBurn,
  prepareUsdcMint,
  recordUsdcMoveOf,
  type UsdcMoveServices,
} from '../../../merchants/usdcMoves/usdcMoveUseCases.ts'
import type { ApiContext } from '../context.ts'
import { runs } from '../runsUseCase.ts'
import { builder } from '../builder.ts'

const PreparedCallRef = builder.objectRef<PreparedCall>('PreparedCall').implement({
  description: 'A transaction for the signed-in wallet to send as it is: Billfold holds and sends nothing.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    to: t.exposeString('to'),
    data: t.exposeString('data'),
    purpose: t.exposeString('purpose', {
      description: 'approve (the TokenMessenger may take the USDC), burn (depositForBurn) or mint (receiveMessage).',
    }),
  }),
})

const UsdcMintRef = builder.objectRef<Attestation & { call: PreparedCall | null }>('UsdcMint').implement({
  description: "Where a CCTP burn's attestation stands, and once attested the mint on its destination.",
  fields: (t) => ({
    state: t.exposeString('state', { description: 'pending (Circle waits for finality), complete or unavailable.' }),
    reason: t.string({ nullable: true, resolve: (m) => (m.state === 'unavailable' ? m.reason : null) }),
    call: t.field({ type: PreparedCallRef, nullable: true, resolve: (m) => m.call }),
  }),
})

const UsdcMoveRef = builder.objectRef<UsdcMoveRow & UsdcMoveState>('UsdcMove').implement({
  description:
    "The signed-in wallet's USDC on its way from one chain to another with Circle's CCTP: the burn sent, and where the mint stands.",
  fields: (t) => ({
    id: t.exposeString('id'),
    sourceChainId: t.exposeInt('sourceChainId'),
    destinationChainId: t.exposeInt('destinationChainId'),
    amount: t.string({ description: 'USDC, as a decimal.', resolve: (m) => formatUnits(BigInt(m.amount), 6) }),
    burnTxHash: t.exposeString('burnTxHash'),
    burnIndex: t.exposeInt('burnIndex', {
      description:
        "Which of the wallet's burns in the transaction (0 for the first): a batch may burn several times, each its own move.",
    }),
    createdAt: t.string({ resolve: (m) => m.createdAt.toISOString() }),
    state: t.exposeString('state', {
      description:
        "waiting (for Circle's attestation), ready (send `call` on the destination), done, failed (the burn reverted), notFound (no transaction of that hash came on the chain, 300 blocks after it was first looked for: not among the 20 unfinished, and may be dismissed) or unavailable.",
    }),
    reason: t.string({ nullable: true, resolve: (m) => (m.state === 'unavailable' ? m.reason : null) }),
    call: t.field({ type: PreparedCallRef, nullable: true, resolve: (m) => (m.state === 'ready' ? m.call : null) }),
  }),
})

const servicesOf = (ctx: ApiContext): UsdcMoveServices => ({
  db: ctx.db,
  assets: ctx.network.assets,
  clientOf: (id) => ctx.network.clients.get(id),
  irisUrl: ctx.network.irisUrl,
})

builder.queryFields((t) => ({
  myUsdcMoves: t.field({
    type: [UsdcMoveRef],
    description:
      "The business's latest USDC moves (at most 20, newest first), each read afresh from Circle's Iris and the chains: a burn whose mint is not done is never dropped.",
    ...runs(listUsdcMoves),
    resolve: async (_, __, ctx) => listUsdcMoves(await ctx.actor(), servicesOf(ctx)),
  }),
  usdcToOneChain: t.field({
    type: [PreparedCallRef],
    description:
      "The transactions that bring `amount` of the business wallet's USDC on one chain to the same address on another with Circle's CCTP V2: an approval where needed, then depositForBurn. The business's own wallet sends them in order, then asks `usdcMintOnDestination` with the burn's hash.",
    args: {
      sourceChainId: t.arg.int({ required: true }),
      destinationChainId: t.arg.int({ required: true }),
      amount: t.arg.string({ required: true, description: 'USDC, as a decimal (e.g. "12.5").' }),
    },
    ...runs(prepareUsdcBurn),
    resolve: async (_, { sourceChainId, destinationChainId, amount }, ctx) =>
      prepareUsdcBurn(await ctx.actor(), servicesOf(ctx), {
        sourceChainId,
        destinationChainId,
        amount,
      }),
  }),
  usdcMintOnDestination: t.field({
    type: UsdcMintRef,
    description:
      "Reads the attestation of the business's CCTP burn in `txHash` (the `burnIndex`-th of its burns there, else the first message) from Circle's Iris and, once complete, prepares receiveMessage on the destination chain's MessageTransmitter.",
    args: {
      sourceChainId: t.arg.int({ required: true }),
      txHash: t.arg.string({ required: true }),
      burnIndex: t.arg.int({
        required: false,
        description:
          "Which of the business's burns in the transaction, from 0; left out, the transaction's first CCTP message.",
      }),
    },
    ...runs(prepareUsdcMint),
    resolve: async (_, { sourceChainId, txHash, burnIndex }, ctx) =>
      prepareUsdcMint(await ctx.actor(), servicesOf(ctx), {
        sourceChainId,
        txHash: txHash as Hex,
        burnIndex: burnIndex ?? null,
      }),
  }),
}))

builder.mutationFields((t) => ({
  recordUsdcMove: t.field({
    type: UsdcMoveRef,
    description:
      "Keeps a burn the business's wallet sent (from `usdcToOneChain`) as soon as its hash is known, so `myUsdcMoves` offers its mint until it is done.",
    args: {
      sourceChainId: t.arg.int({ required: true }),
      destinationChainId: t.arg.int({ required: true }),
      amount: t.arg.string({ required: true, description: 'USDC, as a decimal (e.g. "12.5").' }),
      burnTxHash: t.arg.string({ required: true }),
    },
    ...runs(recordUsdcMoveOf),
    resolve: async (_, { sourceChainId, destinationChainId, amount, burnTxHash }, ctx) =>
      recordUsdcMoveOf(await ctx.actor(), servicesOf(ctx), {
        sourceChainId,
        destinationChainId,
        amount,
        burnTxHash,
      }),
  }),
  dismissUsdcMove: t.field({
    type: 'String',
    description:
      "Sets aside a move that cannot finish (its burn failed, Circle's Iris will not attest it, or its transaction was not found on the chain): no longer listed, nor found again on the chain unless it was not found there. Returns its id.",
    args: { id: t.arg.string({ required: true }) },
    ...runs(dismissUsdcMoveOf),
    resolve: async (_, { id }, ctx) => (await dismissUsdcMoveOf(await ctx.actor(), servicesOf(ctx), { id })).id,
  }),
}))

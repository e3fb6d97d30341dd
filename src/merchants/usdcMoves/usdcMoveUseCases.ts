import { getAddress, type Hex, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { AmountError, parseAmount } from '../../domain/amount.ts'
import { BadUserInputError, badInput } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { readAttestation, type Attestation } from '../../payments/bridge/circleAttestation.ts'
import { usdcMoveState, type UsdcMoveState } from '../../payments/bridge/usdcMoveState.ts'
import { checkBurn } from '../../payments/bridge/checkBurn.ts'
import { burnsOnChains, type Burn } from '../../payments/bridge/discoverBurns.ts'
import {
  dismissUsdcMove,
  finishUsdcMove,
  keepBurns,
  keepSighting,
  recordUsdcMove,
  usdcMoveOf,
  usdcMovesOf,
  type UsdcMoveRow,
} from '../../payments/bridge/usdcMoves.ts'
import { prepareBurn, prepareMint, type PreparedCall } from '../../payments/bridge/usdcToOneChain.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'

export type UsdcMoveServices = {
  db: Db
  assets: readonly Asset[]
  clientOf(chainId: number): PublicClient | undefined
  irisUrl?: string | undefined
}

/** A decimal amount of USDC (six decimals), read after the actor is checked. */
const usdcOf = (amount: string): bigint => {
  try {
    return parseAmount(amount, 6)
  } catch (error) {
    if (error instanceof AmountError) throw new BadUserInputError({ field: 'amount', shortMessage: error.shortMessage })
    throw error
  }
}

/*
 * Moving the business's USDC between chains moves its money, as a payout does: the same permission.
 * The calls are prepared for the business's own wallet, which alone holds the USDC and sends them.
 */

export const prepareUsdcBurn = defineUseCase({
  action: 'usdcToOneChain',
  permission: 'payouts:send',
  run: (
    actor: Actor,
    services: UsdcMoveServices,
    input: { sourceChainId: number; destinationChainId: number; amount: string },
  ): Promise<PreparedCall[]> => prepareBurn(services, actor.address, { ...input, amount: usdcOf(input.amount) }),
})

export const prepareUsdcMint = defineUseCase({
  action: 'usdcMintOnDestination',
  permission: 'payouts:send',
  run: async (
    actor: Actor,
    { irisUrl }: UsdcMoveServices,
    { sourceChainId, txHash, burnIndex }: { sourceChainId: number; txHash: Hex; burnIndex: number | null },
  ): Promise<Attestation & { call: PreparedCall | null }> => {
    if (burnIndex !== null && (!Number.isSafeInteger(burnIndex) || burnIndex < 0 || burnIndex > 255))
      throw badInput('burnIndex', 'must be a whole number from 0 to 255.')
    // Left out, the transaction's first message, as before a transaction could hold several burns.
    const burn = burnIndex === null ? undefined : { depositor: getAddress(actor.address), index: burnIndex }
    const attestation = await readAttestation(sourceChainId, txHash, { irisUrl, burn })
    const call =
      attestation.state === 'complete' ? prepareMint(sourceChainId, attestation.message, attestation.attestation) : null
    return { ...attestation, call }
  },
})

/**
 * The business's latest moves, each read afresh from Iris and the chains; a mint seen done is kept as
 * done. The business's recent burns on the chains are kept as moves first, so a burn whose record a
 * reload lost is offered its mint too.
 */
export const listUsdcMoves = defineUseCase({
  action: 'usdcMoves',
  permission: 'payouts:send',
  run: async (actor: Actor, services: UsdcMoveServices): Promise<(UsdcMoveRow & UsdcMoveState)[]> => {
    await keepBurns(services.db, await burnsOnChains(services.clientOf, getAddress(actor.address)))
    return Promise.all(
      (await usdcMovesOf(services.db, actor.address)).map(async (move) => {
        const { sighting, ...state } = await usdcMoveState(move, services)
        if (state.state === 'done' && !move.finishedAt) await finishUsdcMove(services.db, move.id)
        await keepSighting(services.db, move, state, sighting)
        return { ...move, ...state }
      }),
    )
  },
})

type RecordedBurn = { sourceChainId: number; destinationChainId: number; amount: string; burnTxHash: string }

/**
 * Keeps a burn the wallet sent, by its transaction's hash: once mined, the payee's burn there of that
 * amount to that destination, and the transaction's other burns of the payee's as their own moves.
 */
export const recordUsdcMoveOf = defineUseCase({
  action: 'recordUsdcMove',
  permission: 'payouts:send',
  audited: (_, move) => move.id,
  prepare: (actor: Actor, { clientOf }: UsdcMoveServices, input: RecordedBurn) =>
    checkBurn(clientOf(input.sourceChainId), actor.address, { ...input, amount: usdcOf(input.amount) }),
  run: async (
    actor: Actor,
    { db }: UsdcMoveServices,
    input: RecordedBurn,
    [meant, ...others]: Burn[],
  ): Promise<UsdcMoveRow & UsdcMoveState> => {
    const move = await recordUsdcMove(db, actor.address, {
      ...input,
      amount: usdcOf(input.amount),
      burnIndex: meant?.burnIndex ?? 0,
    })
    await keepBurns(db, others)
    return { ...move, ...(move.finishedAt ? { state: 'done' } : { state: 'waiting' }) } as UsdcMoveRow & UsdcMoveState
  },
})

/**
 * Sets aside a move that cannot finish: its burn failed, Circle's attestation service will not attest
 * it, or its transaction never came on the chain.
 */
export const dismissUsdcMoveOf = defineUseCase({
  action: 'dismissUsdcMove',
  permission: 'payouts:send',
  audited: (input) => input.id,
  prepare: async (actor: Actor, services: UsdcMoveServices, input: { id: string }): Promise<UsdcMoveRow> => {
    const move = await usdcMoveOf(services.db, actor.address, input.id)
    if (!move) throw badInput('id', "is no USDC move of this wallet's.")
    const { state } = await usdcMoveState(move, services)
    if (state !== 'failed' && state !== 'unavailable' && state !== 'notFound')
      throw badInput(
        'id',
        `is a move that can still finish (${state}): only a failed, unattested or not found one is dismissed.`,
      )
    return move
  },
  run: async (
    actor: Actor,
    { db }: UsdcMoveServices,
    _: { id: string },
    move: UsdcMoveRow,
  ): Promise<{ id: string }> => {
    await dismissUsdcMove(db, actor.address, move.id)
    return { id: move.id }
  },
})

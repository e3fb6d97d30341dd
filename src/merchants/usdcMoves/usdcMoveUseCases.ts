import { getAddress, type Hex, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { AmountError, parseAmount } from '../../domain/amount.ts'
import { BadUserInputError, badInput } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { readAttestation, type Attestation } from '../../payments/bridge/circleAttestation.ts'
import { usdcMoveState, type UsdcMoveState } from '../../payments/bridge/usdcMoveState.ts'
import { checkBurn } from '../../payments/bridge/checkBurn.ts'
import { burnsOnChains } from '../../payments/bridge/discoverBurns.ts'
import {
  dismissUsdcMove,
  finishUsdcMove,
  keepBurns,
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
    _: Actor,
    { irisUrl }: UsdcMoveServices,
    { sourceChainId, txHash }: { sourceChainId: number; txHash: Hex },
  ): Promise<Attestation & { call: PreparedCall | null }> => {
    const attestation = await readAttestation(sourceChainId, txHash, { irisUrl })
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
        const state = await usdcMoveState(move, services)
        if (state.state === 'done' && !move.finishedAt) await finishUsdcMove(services.db, move.id)
        return { ...move, ...state }
      }),
    )
  },
})

export const recordUsdcMoveOf = defineUseCase({
  action: 'recordUsdcMove',
  permission: 'payouts:send',
  audited: (_, move: UsdcMoveRow & UsdcMoveState) => move.id,
  // The burn is read from the source chain before the transaction, which only records it.
  prepare: async (
    actor: Actor,
    { clientOf }: UsdcMoveServices,
    input: { sourceChainId: number; destinationChainId: number; amount: string; burnTxHash: string },
  ) => {
    const burn = { ...input, amount: usdcOf(input.amount) }
    await checkBurn(clientOf(input.sourceChainId), actor.address, burn)
    return burn
  },
  run: async (actor, { db }, _, burn): Promise<UsdcMoveRow & UsdcMoveState> => {
    const move = await recordUsdcMove(db, actor.address, burn)
    return { ...move, ...(move.finishedAt ? { state: 'done' } : { state: 'waiting' }) } as UsdcMoveRow & UsdcMoveState
  },
})

/** Sets aside a move that cannot finish: its burn failed, or Circle's attestation service will not attest it. */
export const dismissUsdcMoveOf = defineUseCase({
  action: 'dismissUsdcMove',
  permission: 'payouts:send',
  audited: (input) => input.id,
  // Its state is read from Iris and the chains before the transaction, which only sets it aside.
  prepare: async (actor: Actor, services: UsdcMoveServices, input: { id: string }) => {
    const move = await usdcMoveOf(services.db, actor.address, input.id)
    if (!move) throw badInput('id', "is no USDC move of this wallet's.")
    const { state } = await usdcMoveState(move, services)
    if (state !== 'failed' && state !== 'unavailable')
      throw badInput('id', `is a move that can still finish (${state}): only a failed or unattested one is dismissed.`)
    return move
  },
  run: async (actor, { db }, _, move): Promise<{ id: string }> => {
    await dismissUsdcMove(db, actor.address, move.id)
    return { id: move.id }
  },
})

import type { Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import { listRelays } from '../../relayer/listRelays.ts'
import { relayersOf, updateRelayerSettings } from '../../relayer/relayerStore.ts'
import type { RelayerServices } from '../../relayer/relayerServices.ts'
import { sendRelay } from '../../relayer/sendRelay.ts'
import { recordWithdrawal, withdrawalAmount } from '../../relayer/withdrawRelayer.ts'
import type { Actor } from '../business/authorize.ts'
import { payoutAddressOf } from '../business/payoutAddress.ts'
import { defineUseCase } from '../business/useCase.ts'

/** The relayer's services and the chains this server offers. */
export type RelayerUseCaseServices = RelayerServices & { chainIds: readonly number[] }

function knownChain(chainIds: readonly number[], chainId: number) {
  if (!chainIds.includes(chainId))
    throw new BadUserInputError({
      field: 'chainId',
      shortMessage: `chainId ${chainId} is not a chain this server offers.`,
    })
}

/** The business's relayer on each chain offered, made on first ask. */
export const listRelayers = defineUseCase({
  action: 'myRelayers',
  permission: 'settings:read',
  run: (actor: Actor, { db, box, chainIds }: Pick<RelayerUseCaseServices, 'db' | 'box' | 'chainIds'>) =>
    relayersOf(db, box, actor.address as Address, chainIds),
})

/** The business's relays and withdrawals, newest first, at most 100. */
export const listRelaysOf = defineUseCase({
  action: 'myRelays',
  permission: 'settings:read',
  run: async (actor: Actor, { db }: { db: Db }, { first }: { first?: number | null }) =>
    listRelays(db, actor.address, { first: Math.min(Math.max(first ?? 50, 1), 100) }),
})

/** The relayer's settings: on or off, its fee cap, its revert budget, a resume after a pause. */
export const updateRelayerOf = defineUseCase({
  action: 'updateRelayer',
  permission: 'relayer:manage',
  audited: ({ chainId }) => String(chainId),
  run: async (
    actor: Actor,
    services: RelayerUseCaseServices,
    input: {
      chainId: number
      enabled?: boolean | null
      feeCap?: string | null
      revertBudget?: number | null
      resume?: boolean | null
    },
  ) => {
    const { chainId, enabled, feeCap, revertBudget, resume } = input
    const payee = actor.address as Address
    knownChain(services.chainIds, chainId)
    if (feeCap != null && feeCap !== '' && !/^\d{1,30}$/.test(feeCap))
      throw new BadUserInputError({
        field: 'feeCap',
        shortMessage: 'feeCap must be a whole number of the native coin’s base units (wei).',
      })
    if (revertBudget != null && (revertBudget < 1 || revertBudget > 100))
      throw new BadUserInputError({
        field: 'revertBudget',
        shortMessage: 'revertBudget must be a whole number of reverted relays an hour, from 1 to 100.',
      })
    await relayersOf(services.db, services.box, payee, [chainId])
    const cap = feeCap == null ? undefined : feeCap === '' ? null : BigInt(feeCap)
    return (await updateRelayerSettings(services.db, payee, chainId, {
      enabled: enabled ?? undefined,
      feeCap: cap,
      revertBudget: revertBudget ?? undefined,
      resume: resume ?? undefined,
    }))!
  },
})

/**
 * What the relayer holds, sent to the business's payout address: it moves money. Its balance and
 * the fees are asked of the chain before the transaction; the withdrawal is recorded with its audit
 * entry, and broadcast only once both are committed: a transfer is never sent for a change that was
 * rolled back.
 */
export const withdrawRelayerOf = defineUseCase({
  action: 'withdrawRelayer',
  permission: 'relayer:manage',
  audited: ({ chainId }) => String(chainId),
  prepare: async (actor: Actor, services: RelayerUseCaseServices, { chainId }: { chainId: number }) => {
    knownChain(services.chainIds, chainId)
    return withdrawalAmount(services, actor.address, chainId)
  },
  run: async (actor, { db }, { chainId }, amount) =>
    recordWithdrawal(db, actor.address, chainId, (await payoutAddressOf(db, actor.address)).address, amount),
  // Recorded already: should the node be out of reach now, the relayer's monitor sends it later.
  afterCommit: (_, services, __, relay) =>
    sendRelay(services, relay).catch((error: unknown) => {
      services.logger.warn(`[relayer] withdrawal ${relay.id} waits to be sent: ${String(error).split('\n')[0]}`, {
        chainId: relay.chainId,
        payee: relay.payee,
      })
      return relay
    }),
})

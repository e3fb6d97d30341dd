import type { Actor } from '../business/authorize.ts'
import { ownUnmatchedTransfer } from '../../payments/unmatched/ownUnmatchedTransfer.ts'
import { defineUseCase } from '../business/useCase.ts'
import {
  assignUnmatchedTransfer,
  type AssignUnmatchedTransferServices,
} from '../../payments/unmatched/assignUnmatchedTransfer.ts'
import {
  dismissUnmatchedTransfer,
  restoreUnmatchedTransfer,
} from '../../payments/unmatched/dismissUnmatchedTransfer.ts'
import type { Db } from '../../db/createDatabase.ts'
import { AmountError, parseAmount } from '../../domain/amount.ts'
import { BadUserInputError, badInput } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { hasOpenRequestDue } from '../../payments/repository/dueRequests.ts'
import { decodeCursor, encodeCursor } from '../../payments/requestFilter.ts'
import { countUnmatched, listUnmatchedPage } from '../../payments/unmatchedTransfers.ts'

/** A transfer that matched nothing made a payment of one of the business's requests. */
export const assignTransfer = defineUseCase({
  action: 'assignUnmatchedTransfer',
  permission: 'transfers:assign',
  audited: ({ transferId }) => transferId,
  // The chain's head, for the request's new status, is read before the transaction.
  prepare: async (
    actor: Actor,
    { db, headOf }: AssignUnmatchedTransferServices & { headOf(chainId: number): Promise<bigint> },
    { transferId }: { transferId: string; requestId: string },
  ) => headOf((await ownUnmatchedTransfer(db, actor.address, transferId)).chainId),
  run: (actor, services, { transferId, requestId }, head) =>
    assignUnmatchedTransfer(services, { payee: actor.address, transferId, requestId, head }),
})

export const dismissTransfer = defineUseCase({
  action: 'dismissUnmatchedTransfer',
  permission: 'transfers:assign',
  audited: ({ transferId }) => transferId,
  run: (actor: Actor, { db }: { db: Db }, { transferId }: { transferId: string }) =>
    dismissUnmatchedTransfer(db, { payee: actor.address, transferId }),
})

export const restoreTransfer = defineUseCase({
  action: 'restoreUnmatchedTransfer',
  permission: 'transfers:assign',
  audited: ({ transferId }) => transferId,
  run: (actor: Actor, { db }: { db: Db }, { transferId }: { transferId: string }) =>
    restoreUnmatchedTransfer(db, { payee: actor.address, transferId }),
})

/** A page of the transfers that paid nothing by themselves, with how many still wait for the business. */
export const listUnmatchedTransfers = defineUseCase({
  action: 'myUnmatchedTransfers',
  permission: 'requests:read',
  run: async (
    actor: Actor,
    { db }: { db: Db },
    { first, after, dismissed }: { first?: number | null; after?: string | null; dismissed?: boolean | null },
  ) => {
    if (first == null || first < 1 || first > 100) throw badInput('first', 'must be from 1 to 100.')
    const [page, total] = await Promise.all([
      listUnmatchedPage(db, actor.address, {
        first,
        after: after ? decodeCursor(after) : undefined,
        dismissed: dismissed ?? false,
      }),
      countUnmatched(db, actor.address),
    ])
    return { items: page.items, nextCursor: page.next ? encodeCursor(page.next) : null, total }
  },
})

/** Whether an open request of the business still has exactly this amount due on this chain and asset. */
export const findOpenRequestWithAmount = defineUseCase({
  action: 'myOpenRequestWithAmount',
  permission: 'requests:read',
  run: async (
    actor: Actor,
    { db, assets }: { db: Db; assets: readonly Asset[] },
    { chainId, asset, amount }: { chainId: number; asset: string; amount: string },
  ) => {
    const known = assets.find((a) => a.chainId === chainId && a.address === asset)
    if (!known) throw badInput('asset', `is not an asset of chain ${chainId}.`)
    let parsed: bigint
    try {
      parsed = parseAmount(amount, known.decimals)
    } catch (error) {
      if (error instanceof AmountError)
        throw new BadUserInputError({ field: 'amount', shortMessage: error.shortMessage })
      throw error
    }
    return hasOpenRequestDue(db, { payee: actor.address, chainId, asset, amount: parsed })
  },
})

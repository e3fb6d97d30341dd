import { getAddress, isAddressEqual, type Address, type PublicClient } from 'viem'
import type { ChainProfile } from '../../chain/chains.ts'
import type { Db } from '../../db/createDatabase.ts'
import { ForbiddenError, NotFoundError } from '../../domain/errors/access.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import type { PayoutLineDraft } from '../../domain/payout.ts'
import { checkPayout, findPayout, listPayouts, storePayout } from '../../payments/payouts/preparePayout.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'

export type PayoutServices = {
  db: Db
  chains: readonly ChainProfile[]
  clients: ReadonlyMap<number, PublicClient>
}

/** A payout for the business's wallet to send in one confirmation: it moves money (payouts:send). */
export const preparePayoutOf = defineUseCase({
  action: 'preparePayout',
  permission: 'payouts:send',
  audited: (_, made: Awaited<ReturnType<typeof storePayout>>) => made.payout.id,
  prepare: async (
    actor: Actor,
    { chains, clients }: PayoutServices,
    input: { chainId: number; csv?: string | null; lines?: PayoutLineDraft[] | null },
  ) => {
    const chain = chains.find((c) => c.chain.id === input.chainId)
    if (!chain)
      throw new BadUserInputError({ field: 'chainId', shortMessage: `chainId ${input.chainId} is not offered here.` })
    return checkPayout(clients.get(input.chainId)!, {
      payee: getAddress(actor.address),
      chain,
      csv: input.csv,
      lines: input.lines,
    })
  },
  run: (_, { db }, __, checked) => storePayout(db, checked),
})

/** The business's payouts, newest first (the latest 100), for the books. */
export const listPayoutsOf = defineUseCase({
  action: 'myPayouts',
  permission: 'books:read',
  run: (actor: Actor, { db }: { db: Db }) => listPayouts(db, getAddress(actor.address)),
})

/** One payout of the business with its lines. */
export const readPayoutOf = defineUseCase({
  action: 'payout',
  permission: 'books:read',
  run: async (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => {
    const found = await findPayout(db, id)
    if (!found) throw new NotFoundError({ field: 'id', shortMessage: 'There is no payout with this id.' })
    if (!isAddressEqual(found.payout.payee as Address, actor.address))
      throw new ForbiddenError({ field: 'id', shortMessage: 'Only the payee who made this payout can see it.' })
    return found
  },
})

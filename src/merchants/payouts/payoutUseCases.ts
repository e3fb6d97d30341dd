import { getAddress, type PublicClient } from 'viem'
import type { ChainProfile } from '../../chain/chains.ts'
import type { Db } from '../../db/createDatabase.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import type { PayoutLineDraft } from '../../domain/payout.ts'
import { preparePayout } from '../../payments/payouts/preparePayout.ts'
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
  audited: (_, made) => made.payout.id,
  run: async (
    actor: Actor,
    { db, chains, clients }: PayoutServices,
    input: { chainId: number; csv?: string | null; lines?: PayoutLineDraft[] | null },
  ) => {
    const chain = chains.find((c) => c.chain.id === input.chainId)
    if (!chain)
      throw new BadUserInputError({ field: 'chainId', shortMessage: `chainId ${input.chainId} is not offered here.` })
    return preparePayout(db, clients.get(input.chainId)!, {
      payee: getAddress(actor.address),
      chain,
      csv: input.csv,
      lines: input.lines,
    })
  },
})

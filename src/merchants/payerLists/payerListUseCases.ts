import { isAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import { payerListFor } from '../../payments/batch/payerLists.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'

/**
 * The business's link listing its open requests made for `payer`, to pay together at
 * /pay-several?list=<id>: the same link each time for the same payer. It shows the business's requests
 * to whoever holds it, so it needs what sending a request needs, not reading alone.
 */
export const payerListLinkOf = defineUseCase({
  action: 'payerListLink',
  permission: 'requests:create',
  audited: (_, list) => list.id,
  run: async (actor: Actor, { db }: { db: Db }, { payer }: { payer: string }) => {
    if (!isAddress(payer.trim(), { strict: false }))
      throw new BadUserInputError({
        field: 'payer',
        shortMessage: 'The payer must be an Ethereum address (0x and 40 hex digits).',
      })
    return payerListFor(db, actor.address, payer.trim())
  },
})

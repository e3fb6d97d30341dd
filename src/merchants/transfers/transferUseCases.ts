import type { Actor } from '../business/authorize.ts'
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

/** A transfer that matched nothing made a payment of one of the business's requests. */
export const assignTransfer = defineUseCase({
  action: 'assignUnmatchedTransfer',
  permission: 'transfers:assign',
  audited: ({ transferId }) => transferId,
  run: (
    actor: Actor,
    services: AssignUnmatchedTransferServices,
    { transferId, requestId }: { transferId: string; requestId: string },
  ) => assignUnmatchedTransfer(services, { payee: actor.address, transferId, requestId }),
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

import { isAddressEqual, type Address, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { cancelRefund } from '../../payments/refunds/cancelRefund.ts'
import { checkRefund, storeRefund } from '../../payments/refunds/prepareRefund.ts'
import { findRefund, listRefunds, type RefundRow } from '../../payments/refunds/refundRows.ts'
import type { Actor } from '../business/authorize.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { ownRequest } from '../business/ownRequest.ts'
import { defineUseCase } from '../business/useCase.ts'
import { requireMemberDelegate } from '../business/memberDelegate.ts'

/** A member's refund is prepared on the members' delegate's authority; the owner's on their own. */
const memberDelegateOfActor = async (db: Db, actor: Actor) =>
  actor.role === 'owner' ? null : (await requireMemberDelegate(db, actor.address, 'requestId')).id

export type RefundServices = { db: Db; clients: ReadonlyMap<number, PublicClient> }

/**
 * A refund prepared for the business's wallet to send: it moves money, so it needs refunds:send. The
 * money leaves the business's own wallet, so only that wallet sends it: a member prepares it (holding
 * its amount) on the members' delegate's authority, recorded as the key that prepared it and stopped
 * with it, and the owner's wallet sends it from the request's page.
 */
export const prepareRefundOf = defineUseCase({
  action: 'prepareRefund',
  permission: 'refunds:send',
  audited: (_, { refund }: { refund: RefundRow; request: PaymentRequestRow }) => refund.id,
  // Whether the payee's wallet can send it is asked of the chain before the transaction; what can
  // still be refunded is read again inside it, the request's row locked.
  prepare: async (
    actor: Actor,
    { db, clients }: RefundServices,
    input: { requestId: string; amount: string; to?: string | null; chainId?: number | null },
  ) => {
    const request = await ownRequest(db, actor, input.requestId, 'requestId')
    return checkRefund(db, (chainId) => clients.get(chainId)!, request, {
      amount: input.amount,
      to: input.to,
      chainId: input.chainId,
      preparedByKeyId: actor.apiKey?.id ?? (await memberDelegateOfActor(db, actor)),
    })
  },
  run: async (_, { db }, __, checked) => ({
    refund: (await storeRefund(db, checked)).refund,
    request: checked.request,
  }),
})

export const cancelRefundOf = defineUseCase({
  action: 'cancelRefund',
  permission: 'refunds:send',
  audited: ({ id }) => id,
  run: async (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => {
    const found = await findRefund(db, id)
    if (!found) throw new NotFoundError({ field: 'id', shortMessage: 'There is no refund with this id.' })
    const request = await ownRequest(db, actor, found.requestId, 'id')
    return { refund: await cancelRefund(db, id), request }
  },
})

export const listRefundsOf = defineUseCase({
  action: 'refunds',
  permission: 'requests:read',
  run: async (actor: Actor, { db }: { db: Db }, { requestId }: { requestId: string }) => {
    const request = await ownRequest(db, actor, requestId)
    return { refunds: await listRefunds(db, request.id), request }
  },
})

/** Every refund of a request, prepared ones too, for the request's own business alone (null for another). */
export const readRefundsAsPayee = defineUseCase({
  action: 'requestRefunds',
  permission: 'requests:read',
  run: async (actor: Actor, { db }: { db: Db }, { request }: { request: { id: string; payee: string } }) =>
    isAddressEqual(actor.address, request.payee as Address) ? listRefunds(db, request.id) : null,
})

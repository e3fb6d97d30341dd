import { isAddressEqual, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { findPaymentRequest, isPaymentRequestId, type PaymentRequestRow } from '../repository/paymentRequests.ts'
import { recomputeStatuses } from '../repository/recomputeStatuses.ts'
import { assignUnmatched, type UnmatchedTransferRow } from '../unmatchedTransfers.ts'
import { ownUnmatchedTransfer } from './ownUnmatchedTransfer.ts'
import { AlreadyAssignedError, TransferDismissedError } from '../../domain/errors/unmatchedTransfer.ts'
import { ApiError } from '../../domain/errors/apiError.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { RequestCancelledError } from '../../domain/errors/paymentRequest.ts'
import { badInput } from '../../domain/errors/input.ts'

export type AssignUnmatchedTransferServices = {
  db: Db
  assets: readonly Asset[]
  confirmationsOf(chainId: number): number
}
export type AssignUnmatchedTransferParameters = {
  payee: string
  transferId: string
  requestId: string
  /** The transfer's chain's latest block, read before the transaction, for the request's new status. */
  head: bigint
}
export type AssignUnmatchedTransferReturnType = PaymentRequestRow
/** NOT_FOUND, ALREADY_ASSIGNED, TRANSFER_DISMISSED, REQUEST_CANCELLED, or BAD_USER_INPUT for another chain or asset. */
export type AssignUnmatchedTransferErrorType = ApiError

const symbolOf = (assets: readonly Asset[], transfer: UnmatchedTransferRow) =>
  assets.find((a) => a.chainId === transfer.chainId && a.address === transfer.asset)?.symbol ?? '?'

/**
 * Makes an unmatched transfer a payment of one of the payee's requests, recorded as assigned by the
 * payee, and the request's status follows in the same transaction. A transfer pays at most one request.
 */
export async function assignUnmatchedTransfer(
  services: AssignUnmatchedTransferServices,
  { payee, transferId, requestId, head }: AssignUnmatchedTransferParameters,
): Promise<AssignUnmatchedTransferReturnType> {
  const assigned = await services.db.transaction(async (tx) => {
    const transfer = await ownUnmatchedTransfer(tx, payee, transferId)
    if (transfer.assignedRequestId)
      throw new AlreadyAssignedError({
        field: 'transferId',
        shortMessage: 'This transfer has been assigned to a request already.',
      })
    if (transfer.dismissedAt)
      throw new TransferDismissedError({
        field: 'transferId',
        shortMessage: 'This transfer is dismissed. Restore it first to assign it.',
      })
    const request = isPaymentRequestId(requestId) ? await findPaymentRequest(tx, requestId) : undefined
    if (!request || !isAddressEqual(request.payee as Address, payee as Address))
      throw new NotFoundError({
        field: 'requestId',
        shortMessage: 'You have no payment request with this id.',
      })
    if (request.cancelledAt)
      throw new RequestCancelledError({
        field: 'requestId',
        shortMessage: 'This request is cancelled: a transfer cannot pay it.',
      })
    if (request.chainId !== transfer.chainId || request.asset !== transfer.asset)
      throw badInput(
        'requestId',
        `asks for ${request.symbol} on chain ${request.chainId}; this transfer is ${symbolOf(services.assets, transfer)} on chain ${transfer.chainId}.`,
      )
    if (!(await assignUnmatched(tx, transfer, request.id, payee)))
      throw new AlreadyAssignedError({
        field: 'transferId',
        shortMessage: 'This transfer was assigned or dismissed a moment ago.',
      })
    await recomputeStatuses(tx, [request.id], {
      head,
      confirmations: services.confirmationsOf(request.chainId),
    })
    return (await findPaymentRequest(tx, request.id))!
  })
  return assigned
}

import type { Db } from '../../db/createDatabase.ts'
import { setDismissed, type UnmatchedTransferRow } from '../unmatchedTransfers.ts'
import { ownUnmatchedTransfer } from './ownUnmatchedTransfer.ts'
import {
  AlreadyAssignedError,
  AlreadyDismissedError,
  NotDismissedError,
} from '../../domain/errors/unmatchedTransfer.ts'
import { ApiError } from '../../domain/errors/apiError.ts'

export type DismissUnmatchedTransferParameters = { payee: string; transferId: string }
/** NOT_FOUND, ALREADY_ASSIGNED (it pays a request), ALREADY_DISMISSED. */
export type DismissUnmatchedTransferErrorType = ApiError
/** NOT_FOUND, NOT_DISMISSED. */
export type RestoreUnmatchedTransferErrorType = ApiError

/** Marks the payee's unmatched transfer as not a payment for Billfold; restoreUnmatchedTransfer undoes it. */
export async function dismissUnmatchedTransfer(
  db: Db,
  { payee, transferId }: DismissUnmatchedTransferParameters,
): Promise<UnmatchedTransferRow> {
  const transfer = await ownUnmatchedTransfer(db, payee, transferId)
  if (transfer.assignedRequestId)
    throw new AlreadyAssignedError({
      field: 'transferId',
      shortMessage: 'This transfer pays a request; it cannot be dismissed.',
    })
  const row = await setDismissed(db, transfer.id, true)
  if (!row)
    throw new AlreadyDismissedError({
      field: 'transferId',
      shortMessage: 'This transfer is dismissed already.',
    })
  return row
}

/** Undoes a dismissal: the transfer is listed as unmatched again. */
export async function restoreUnmatchedTransfer(
  db: Db,
  { payee, transferId }: DismissUnmatchedTransferParameters,
): Promise<UnmatchedTransferRow> {
  const transfer = await ownUnmatchedTransfer(db, payee, transferId)
  const row = await setDismissed(db, transfer.id, false)
  if (!row) throw new NotDismissedError({ field: 'transferId', shortMessage: 'This transfer is not dismissed.' })
  return row
}

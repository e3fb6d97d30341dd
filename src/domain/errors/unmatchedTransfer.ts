import { ApiError } from './apiError.ts'

// A transfer to the payee that matched no request, which the payee assigns or dismisses.

/** The transfer was assigned to a request already. */
export class AlreadyAssignedError extends ApiError {
  static override readonly code = 'ALREADY_ASSIGNED'
  declare readonly code: typeof AlreadyAssignedError.code
  override name = 'AlreadyAssignedError'
}

/** The transfer was dismissed already. */
export class AlreadyDismissedError extends ApiError {
  static override readonly code = 'ALREADY_DISMISSED'
  declare readonly code: typeof AlreadyDismissedError.code
  override name = 'AlreadyDismissedError'
}

/** The transfer is not dismissed, so there is nothing to restore. */
export class NotDismissedError extends ApiError {
  static override readonly code = 'NOT_DISMISSED'
  declare readonly code: typeof NotDismissedError.code
  override name = 'NotDismissedError'
}

/** The transfer is dismissed: restore it before assigning it. */
export class TransferDismissedError extends ApiError {
  static override readonly code = 'TRANSFER_DISMISSED'
  declare readonly code: typeof TransferDismissedError.code
  override name = 'TransferDismissedError'
}

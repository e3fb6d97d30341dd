import { ApiError } from './apiError.ts'

/** What a client is told when the database cannot be reached (a failover): every change is one transaction. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached right now (it may be failing over). Try again in a moment: a change is saved whole or not at all.'

/** The database cannot be reached right now; nothing was half saved. */
export class DatabaseUnavailableError extends ApiError {
  static override readonly code = 'DATABASE_UNAVAILABLE'
  declare readonly code: typeof DatabaseUnavailableError.code
  override name = 'DatabaseUnavailableError'
}

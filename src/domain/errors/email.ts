import { ApiError } from './apiError.ts'

/** This Billfold sends no e-mail (no SMTP server is configured). */
export class EmailDisabledError extends ApiError {
  static override readonly code = 'EMAIL_DISABLED'
  declare readonly code: typeof EmailDisabledError.code
  override name = 'EmailDisabledError'
}

/** The address's owner asked for no more e-mail (unsubscribed or reported it). */
export class EmailRefusedError extends ApiError {
  static override readonly code = 'EMAIL_REFUSED'
  declare readonly code: typeof EmailRefusedError.code
  override name = 'EmailRefusedError'
}

/** A confirmation link was sent to the address too recently. */
export class EmailConfirmationLimitedError extends ApiError {
  static override readonly code = 'EMAIL_CONFIRMATION_LIMITED'
  declare readonly code: typeof EmailConfirmationLimitedError.code
  override name = 'EmailConfirmationLimitedError'
}

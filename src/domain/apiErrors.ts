import { BaseError } from './baseError.ts'

/** What a client is told when the database cannot be reached (a failover): every change is one transaction. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached right now (it may be failing over). Try again in a moment: a change is saved whole or not at all.'

export type ApiErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'SIWE_MESSAGE_INVALID'
  | 'SIWE_DOMAIN_MISMATCH'
  | 'SIWE_CHAIN_UNSUPPORTED'
  | 'SIWE_EXPIRED'
  | 'SIWE_NONCE_INVALID'
  | 'SIWE_SIGNATURE_INVALID'
  | 'NOT_FOUND'
  | 'NOT_PAYABLE'
  | 'AUTHORIZATION_UNSUPPORTED'
  | 'AUTHORIZATION_MISMATCH'
  | 'AUTHORIZATION_EXPIRED'
  | 'AUTHORIZATION_USED'
  | 'SIGNATURE_INVALID'
  | 'INSUFFICIENT_BALANCE'
  | 'GASLESS_UNAVAILABLE'
  | 'GASLESS_REFUSED'
  | 'SIMULATION_FAILED'
  | 'SIGNATURE_MISMATCH'
  | 'DUPLICATE_REFERENCE'
  | 'FORBIDDEN'
  | 'PAYMENT_RECEIVED'
  | 'ALREADY_ASSIGNED'
  | 'ALREADY_DISMISSED'
  | 'NOT_DISMISSED'
  | 'TRANSFER_DISMISSED'
  | 'REQUEST_CANCELLED'
  | 'RATE_LIMITED'
  | 'DATABASE_UNAVAILABLE'
  | 'DELEGATION_EXPIRED'
  | 'DELEGATION_MISSING'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_PRICED'
  | 'QUOTE_KEY_MISSING'
  | 'QUOTE_UNAVAILABLE'
  | 'SELLER_DETAILS_MISSING'
  | 'INVOICE_NUMBER_TAKEN'
  | 'NOT_REFUNDABLE'
  | 'REFUND_EXCEEDS_RECEIVED'
  | 'REFUND_FINISHED'
  | 'SCHEDULE_STOPPED'
  | 'EMAIL_DISABLED'
  | 'EMAIL_REFUSED'
  | 'EMAIL_CONFIRMATION_LIMITED'

/** An error the API reports on purpose: its code goes to `extensions.code`, its sentence to `message`. */
export class ApiError extends BaseError {
  override name = 'ApiError'
  declare readonly code: ApiErrorCode
  /** The input field at fault, when one is. */
  readonly field: string | undefined
  /** Every field at fault with its sentence, when there are several. */
  readonly fields: Readonly<Record<string, string>> | undefined

  constructor(parameters: {
    code: ApiErrorCode
    shortMessage: string
    field?: string
    fields?: Record<string, string>
    details?: string
    cause?: unknown
  }) {
    super(parameters)
    this.field = parameters.field
    this.fields = parameters.fields
  }
}

/** Every wrong field at once: the first names the error, `fields` carries them all (a form shows each beside its input). */
export function fieldErrors(errors: Readonly<Record<string, string | undefined>>): ApiError {
  const entries = Object.entries(errors).filter((e): e is [string, string] => e[1] !== undefined)
  const [field, message] = entries[0]!
  return new ApiError({ code: 'BAD_USER_INPUT', field, shortMessage: message, fields: Object.fromEntries(entries) })
}

export const badInput = (field: string, problem: string) =>
  new ApiError({ code: 'BAD_USER_INPUT', field, shortMessage: `${field} ${problem}` })

export const unauthenticated = () =>
  new ApiError({ code: 'UNAUTHENTICATED', shortMessage: 'Sign in with your wallet to see this.' })

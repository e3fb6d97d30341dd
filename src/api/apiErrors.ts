import { BaseError } from '../domain/baseError.ts'

export type ApiErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'SIWE_MESSAGE_INVALID'
  | 'SIWE_DOMAIN_MISMATCH'
  | 'SIWE_CHAIN_UNSUPPORTED'
  | 'SIWE_EXPIRED'
  | 'SIWE_NONCE_INVALID'
  | 'SIWE_SIGNATURE_INVALID'

/** An error the API reports on purpose: its code goes to `extensions.code`, its sentence to `message`. */
export class ApiError extends BaseError {
  override name = 'ApiError'
  declare readonly code: ApiErrorCode
  /** The input field at fault, when one is. */
  readonly field: string | undefined

  constructor(p: { code: ApiErrorCode; shortMessage: string; field?: string; details?: string; cause?: unknown }) {
    super(p)
    this.field = p.field
  }
}

export const badInput = (field: string, problem: string) =>
  new ApiError({ code: 'BAD_USER_INPUT', field, shortMessage: `${field} ${problem}` })

export const unauthenticated = () =>
  new ApiError({ code: 'UNAUTHENTICATED', shortMessage: 'Sign in with your wallet to see this.' })

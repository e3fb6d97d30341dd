import { ApiError } from './apiError.ts'

/** An invitation link that cannot make a member: unknown, expired, revoked or used already. */
export class InvitationInvalidError extends ApiError {
  static override readonly code = 'INVITATION_INVALID'
  declare readonly code: typeof InvitationInvalidError.code
  override name = 'InvitationInvalidError'
}

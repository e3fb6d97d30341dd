import { ApiError } from './apiError.ts'

/** A value the caller sent is wrong: `field` names it (and `fields` every wrong one). */
export class BadUserInputError extends ApiError {
  static override readonly code = 'BAD_USER_INPUT'
  declare readonly code: typeof BadUserInputError.code
  override name = 'BadUserInputError'
}

/** A signature does not sign what was sent with it (a request, an invoice, a key's delegation). */
export class SignatureMismatchError extends ApiError {
  static override readonly code = 'SIGNATURE_MISMATCH'
  declare readonly code: typeof SignatureMismatchError.code
  override name = 'SignatureMismatchError'
}

/** Every wrong field at once: the first names the error, `fields` carries them all (a form shows each beside its input). */
export function fieldErrors(errors: Readonly<Record<string, string | undefined>>): BadUserInputError {
  const entries = Object.entries(errors).filter((e): e is [string, string] => e[1] !== undefined)
  const [field, message] = entries[0]!
  return new BadUserInputError({ field, shortMessage: message, fields: Object.fromEntries(entries) })
}

export const badInput = (field: string, problem: string) =>
  new BadUserInputError({ field, shortMessage: `${field} ${problem}` })

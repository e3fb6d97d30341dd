import { BaseError } from '../../domain/baseError.ts'
import { inputErrorSentence } from '../i18n/errorText.ts'

/**
 * An error the API answered with: its stable code and the fields at fault (the web shows its own
 * sentence for each, in the reader's language; the API's English message is for API clients).
 */
export class ApiRequestError extends BaseError {
  override name = 'ApiRequestError'
  readonly field: string | undefined
  readonly fields: readonly string[]
  /** What is wrong with the one field at fault, when the API says (see ApiError's `problem`). */
  readonly problem: string | undefined
  readonly values: Readonly<Record<string, string | number>>
  constructor(fields: {
    code: string
    shortMessage: string
    field?: string
    fields?: unknown
    problem?: unknown
    values?: unknown
    cause?: unknown
  }) {
    super(fields)
    this.field = fields.field
    this.problem = typeof fields.problem === 'string' ? fields.problem : undefined
    this.values = readValues(fields.values)
    const all = typeof fields.fields === 'object' && fields.fields !== null ? Object.keys(fields.fields) : []
    this.fields = fields.field && !all.includes(fields.field) ? [fields.field, ...all] : all
  }
}

/** The figures a problem comes with, when they are figures or words (anything else is not shown). */
function readValues(values: unknown): Record<string, string | number> {
  if (typeof values !== 'object' || values === null) return {}
  return Object.fromEntries(
    Object.entries(values).filter((e): e is [string, string | number] => ['string', 'number'].includes(typeof e[1])),
  )
}

/** The sentence about `field`, when `error` is about that field: shown under the input it concerns. */
export function fieldErrorOf(error: unknown, field: string, scope?: 'seller'): string | undefined {
  if (!(error instanceof ApiRequestError) || !error.fields.includes(field)) return undefined
  const problem = error.field === field ? error.problem : undefined
  return inputErrorSentence(field, scope, problem === undefined ? undefined : { problem, values: error.values })
}

/** Whether the API's error is only about `fields` (a form shows those under their inputs, the rest in a notice). */
export const isFieldError = (error: unknown, fields: readonly string[]) =>
  error instanceof ApiRequestError && error.fields.length > 0 && error.fields.every((f) => fields.includes(f))

import { BaseError } from '../baseError.ts'

export type ApiErrorParameters = {
  /** One plain sentence a person can read; it goes to the client as the error's message. */
  shortMessage: string
  /** The input field at fault, when one is. */
  field?: string
  /** Every field at fault with its sentence, when there are several. */
  fields?: Record<string, string>
  /** What is wrong with `field`, as a word a client can say in its own language ("range"), with the figures it needs. */
  problem?: string
  values?: Record<string, string | number>
  details?: string
  cause?: unknown
}

/**
 * An error Billfold reports to a client on purpose. Each failure is a subclass with its own stable
 * `code` (one file per domain beside this one); the transports map the code (GraphQL's
 * `extensions.code`, REST's status) and never read the message.
 */
export abstract class ApiError extends BaseError {
  /** The code of every instance of the class: clients branch on it. */
  declare static readonly code: string
  override name = 'ApiError'
  readonly field: string | undefined
  readonly fields: Readonly<Record<string, string>> | undefined
  readonly problem: string | undefined
  readonly values: Readonly<Record<string, string | number>> | undefined

  constructor(parameters: ApiErrorParameters) {
    super({ ...parameters, code: new.target.code })
    this.field = parameters.field
    this.fields = parameters.fields
    this.problem = parameters.problem
    this.values = parameters.values
  }
}

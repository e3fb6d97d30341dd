export type BaseErrorParameters = {
  /** Stable, machine-readable code: clients branch on it, never on the message. */
  code: string
  /** One plain sentence a person can read. */
  shortMessage: string
  /** What went wrong in technical terms, for logs. */
  details?: string
  /** What the person can do about it. */
  action?: string
  cause?: unknown
}

/** The root of every error Billfold raises on purpose. */
export class BaseError extends Error {
  override name = 'BaseError'
  readonly code: string
  readonly shortMessage: string
  readonly details: string | undefined
  readonly action: string | undefined

  constructor({ code, shortMessage, details, action, cause }: BaseErrorParameters) {
    super([shortMessage, details && `Details: ${details}`].filter(Boolean).join('\n'), { cause })
    this.code = code
    this.shortMessage = shortMessage
    this.details = details
    this.action = action
  }

  /** The deepest cause, or the first one `predicate` accepts. */
  walk(predicate?: (error: unknown) => boolean): unknown {
    return walkCause(this, predicate)
  }
}

export function walkCause(error: unknown, predicate?: (error: unknown) => boolean): unknown {
  let current: unknown = error
  // Bounded: a cause chain with a cycle must not hang the caller.
  for (let depth = 0; depth < 32; depth++) {
    if (predicate?.(current)) return current
    const next = typeof current === 'object' && current !== null ? (current as { cause?: unknown }).cause : undefined
    if (next === undefined || next === null) return predicate ? undefined : current
    current = next
  }
  return predicate ? undefined : current
}

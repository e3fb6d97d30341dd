import { BaseError } from '../../domain/baseError.ts'

/** An error as a person reads it: its sentence, what to do next, and its code for support. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null
  const known = error instanceof BaseError
  return (
    <p role="alert" className="notice error" data-code={known ? error.code : undefined}>
      <strong>{known ? error.shortMessage : 'Something went wrong.'}</strong>
      {known && error.action ? ` ${error.action}` : ''}
    </p>
  )
}

import { cloneElement, type ReactElement, type ReactNode } from 'react'

/** A labelled input with its hint or error below it, tied together for screen readers (aria-invalid, aria-describedby). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: ReactNode
  error: string | undefined
  /** Said under the control while there is no error (how a typed amount was read, say). */
  hint?: string | undefined
  children: ReactElement<{ 'aria-invalid'?: boolean; 'aria-describedby'?: string }>
}) {
  return (
    <div className="field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
      })}
      {!error && hint && (
        <p className="hint" id={`${id}-hint`} data-testid={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

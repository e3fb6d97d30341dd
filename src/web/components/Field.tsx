import { cloneElement, type ReactElement, type ReactNode } from 'react'

/** A labelled input with its hint or error below it, tied together for screen readers (aria-invalid, aria-describedby). */
export function Field({
  id,
  label,
  error,
  hint,
  shown,
  children,
}: {
  id: string
  label: ReactNode
  error: string | undefined
  /** Said under the control while there is no error (how a typed amount was read, say). */
  hint?: string | undefined
  /** What the label shows when the layout already says the rest (a line editor's column); `label` stays its name. */
  shown?: string
  children: ReactElement<{ 'aria-invalid'?: boolean; 'aria-describedby'?: string }>
}) {
  return (
    <div className="field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>
        {shown ? (
          <>
            <span className="visually-hidden">{label}</span>
            <span aria-hidden="true">{shown}</span>
          </>
        ) : (
          label
        )}
      </label>
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

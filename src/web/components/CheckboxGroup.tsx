import type { ReactNode } from 'react'

/**
 * Several choices under one legend, each a chip that shows when it is ticked (the priced request's
 * accepted tokens), with the group's error below, tied to it for screen readers.
 */
export function CheckboxGroup({
  id,
  legend,
  options,
  chosen,
  error,
  onToggle,
  onBlur,
}: {
  id: string
  legend: ReactNode
  options: readonly { value: string; label: ReactNode }[]
  chosen: readonly string[]
  error: string | undefined
  onToggle: (value: string, on: boolean) => void
  onBlur?: () => void
}) {
  return (
    <fieldset className="field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="checkbox-group">
        {options.map((option) => (
          <label key={option.value}>
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={(e) => onToggle(option.value, e.target.checked)}
              onBlur={onBlur}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}

import type { ReactNode } from 'react'

/**
 * One choice of a few, drawn as joined segments (the create form's token or currency): a real radio
 * group, so arrow keys move the choice and a screen reader hears its name and position.
 */
export function SegmentedSwitch<T extends string>({
  name,
  label,
  options,
  value,
  onChange,
}: {
  name: string
  /** What is being chosen, for screen readers: the segments say the rest. */
  label: string
  options: readonly { value: T; label: ReactNode }[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <fieldset className="segmented" aria-label={label}>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}

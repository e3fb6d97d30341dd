import { useStore } from '@nanostores/react'
import { Field } from '../components/Field.tsx'
import { createText } from './payeeMessages.ts'
import { dueDatePresets, localInputValue } from './dueDates.ts'

/** The due date: a date and time not in the past, and one-click choices ending the day they fall on. */
export function DueDateField({
  id,
  value,
  error,
  onChange,
  onBlur,
}: {
  id: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
  onBlur: () => void
}) {
  const t = useStore(createText)
  return (
    <>
      <Field id={id} label={t.due} error={error}>
        <input
          id={id}
          type="datetime-local"
          min={localInputValue(new Date())}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      </Field>
      <div className="presets" role="group" aria-label={t.duePresets}>
        {dueDatePresets().map((preset) => (
          <button key={preset.label} type="button" className="button small" onClick={() => onChange(preset.value)}>
            {t[preset.label]}
          </button>
        ))}
      </div>
    </>
  )
}

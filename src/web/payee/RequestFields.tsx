import { useStore } from '@nanostores/react'
import { AmountError, delocalizeAmount } from '../../domain/amount.ts'
import { MAX_MEMO_LENGTH } from '../../domain/paymentRequest.ts'
import { Field } from '../components/Field.tsx'
import { fillText } from '../i18n/fill.tsx'
import { createText } from './payeeMessages.ts'

/** A typed amount as a plain decimal, or why it cannot be read in the person's locale (`code`). */
export function readTyped(text: string, code: string): { decimal: string; error?: string } {
  try {
    return { decimal: delocalizeAmount(text, code) }
  } catch (error) {
    if (error instanceof AmountError) return { decimal: text.trim(), error: error.shortMessage }
    throw error
  }
}

type TextFieldProps = {
  id: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
  onBlur: () => void
}

/** The one payer who may pay, optional, as both create forms ask for it. */
export function PayerField({ id, value, error, onChange, onBlur }: TextFieldProps) {
  const t = useStore(createText)
  return (
    <Field id={id} label={t.payer} error={error}>
      <input
        id={id}
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </Field>
  )
}

/** The memo with how much of its length is used, as both create forms ask for it. */
export function MemoField({ id, value, error, onChange, onBlur }: TextFieldProps) {
  const t = useStore(createText)
  return (
    <Field id={id} label={fillText(t.memo, { used: [...value].length, max: MAX_MEMO_LENGTH })} error={error}>
      <input id={id} type="text" value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />
    </Field>
  )
}

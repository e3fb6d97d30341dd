import { useStore } from '@nanostores/react'
import { amountConventions, groupAmount } from '../../domain/amount.ts'
import { Field } from '../components/Field.tsx'
import { locale } from '../i18n/i18n.ts'

/** The amount as the person writes numbers (its placeholder in their locale's way), said back once it reads. */
export function AmountField({
  id,
  value,
  decimal,
  symbol,
  error,
  onChange,
  onBlur,
}: {
  id: string
  value: string
  /** The typed amount as a plain decimal, once it reads as one. */
  decimal: string | undefined
  symbol: string
  error: string | undefined
  onChange: (value: string) => void
  onBlur: () => void
}) {
  const code = useStore(locale)
  return (
    <Field
      id={id}
      label="Amount"
      error={error}
      hint={decimal ? `You ask for ${groupAmount(decimal, code, symbol)} ${symbol}` : undefined}
    >
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder={amountConventions(code).plain.replace('1000', '25')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </Field>
  )
}

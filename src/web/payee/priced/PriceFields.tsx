import { useStore } from '@nanostores/react'
import { fiatCurrencies } from '../../../domain/currencies.ts'
import { MAX_TOLERANCE_BPS } from '../../../domain/pricedRequest.ts'
import { Field } from '../../components/Field.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { pricedFormText } from './pricedText.ts'

// The fields of a price in a currency, shared by every form that takes one (a priced request, a plan):
// the currency chosen among those Billfold can quote, and the tolerance in percent.

export function CurrencyField(props: {
  id: string
  value: string
  error: string | undefined
  onChange: (code: string) => void
}) {
  const t = useStore(pricedFormText)
  return (
    <Field id={props.id} label={t.currency} error={props.error}>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {fiatCurrencies.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code}
          </option>
        ))}
      </select>
    </Field>
  )
}

export function ToleranceField(props: {
  id: string
  value: string
  error: string | undefined
  onChange: (typed: string) => void
  onBlur?: () => void
}) {
  const t = useStore(pricedFormText)
  return (
    <Field id={props.id} label={fillText(t.tolerance, { max: MAX_TOLERANCE_BPS / 100 })} error={props.error}>
      <input
        id={props.id}
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
    </Field>
  )
}

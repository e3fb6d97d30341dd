import { useStore } from '@nanostores/react'
import { Field } from '../../components/Field.tsx'
import { CountrySelect } from './CountrySelect.tsx'
import { sellerText } from './invoicesText.ts'

type Postal = { postcode: string; city: string; country: string }

/** The seller's postcode, city and country, as an e-invoice's postal address needs them. */
export function PostalFields({
  values,
  errors,
  onChange,
}: {
  values: Postal
  errors: Record<string, string>
  onChange: (field: keyof Postal, value: string) => void
}) {
  const t = useStore(sellerText)
  return (
    <div className="row">
      <Field id="seller-postcode" label={t.postcode} error={errors.postcode}>
        <input id="seller-postcode" value={values.postcode} onChange={(e) => onChange('postcode', e.target.value)} />
      </Field>
      <Field id="seller-city" label={t.city} error={errors.city}>
        <input id="seller-city" value={values.city} onChange={(e) => onChange('city', e.target.value)} />
      </Field>
      <Field id="seller-country" label={t.country} error={errors.country}>
        <CountrySelect
          id="seller-country"
          value={values.country}
          none="—"
          onChange={(code) => onChange('country', code)}
        />
      </Field>
    </div>
  )
}

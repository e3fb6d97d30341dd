import { useStore } from '@nanostores/react'
import type { PartyDraft } from '../../../domain/invoice/invoiceParty.ts'
import { Field } from '../../components/Field.tsx'
import { CountrySelect } from './CountrySelect.tsx'
import { buyerText } from './invoicesText.ts'

/** Who the invoice is to: a name, and optionally a postal address with its country, tax and VAT ids and an e-mail. */
export function BuyerFields({
  buyer,
  errors,
  onChange,
}: {
  buyer: PartyDraft
  errors: Record<string, string>
  onChange: (buyer: PartyDraft) => void
}) {
  const t = useStore(buyerText)
  const set = (field: keyof PartyDraft) => (value: string) => onChange({ ...buyer, [field]: value })
  const text = (field: 'postcode' | 'city' | 'vatId', id: string) => (
    <Field id={id} label={t[field]} error={errors[`buyer.${field}`]}>
      <input id={id} value={buyer[field] ?? ''} onChange={(e) => set(field)(e.target.value)} />
    </Field>
  )
  return (
    <fieldset className="field">
      <legend>{t.billTo}</legend>
      <div className="row">
        <Field id="invoice-buyer-name" label={t.name} error={errors['buyer.name']}>
          <input id="invoice-buyer-name" value={buyer.name} onChange={(e) => set('name')(e.target.value)} />
        </Field>
        <Field id="invoice-buyer-tax-id" label={t.taxId} error={errors['buyer.taxId']}>
          <input id="invoice-buyer-tax-id" value={buyer.taxId} onChange={(e) => set('taxId')(e.target.value)} />
        </Field>
      </div>
      <div className="row">
        <Field id="invoice-buyer-address" label={t.address} error={errors['buyer.address']}>
          <textarea
            id="invoice-buyer-address"
            rows={2}
            value={buyer.address}
            onChange={(e) => set('address')(e.target.value)}
          />
        </Field>
        <Field id="invoice-buyer-email" label={t.email} error={errors['buyer.email']}>
          <input
            id="invoice-buyer-email"
            type="email"
            value={buyer.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        </Field>
      </div>
      <div className="row">
        {text('postcode', 'invoice-buyer-postcode')}
        {text('city', 'invoice-buyer-city')}
        <Field id="invoice-buyer-country" label={t.country} error={errors['buyer.country']}>
          <CountrySelect
            id="invoice-buyer-country"
            value={buyer.country ?? ''}
            none={t.noCountry}
            onChange={set('country')}
          />
        </Field>
        {text('vatId', 'invoice-buyer-vat-id')}
      </div>
    </fieldset>
  )
}

import { useStore } from '@nanostores/react'
import type { PartyDraft } from '../../../domain/invoice/invoiceParty.ts'
import { Field } from '../../components/Field.tsx'
import { buyerText } from './invoicesText.ts'

/** Who the invoice is to: a name, and optionally an address, a tax id and an e-mail. */
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
    </fieldset>
  )
}

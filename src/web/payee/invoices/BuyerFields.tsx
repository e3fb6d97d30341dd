import type { PartyDraft } from '../../../domain/invoice/invoiceParty.ts'
import { Field } from '../../components/Field.tsx'

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
  const set = (field: keyof PartyDraft) => (value: string) => onChange({ ...buyer, [field]: value })
  return (
    <fieldset className="field">
      <legend>Bill to</legend>
      <div className="row">
        <Field id="invoice-buyer-name" label="Buyer name" error={errors['buyer.name']}>
          <input id="invoice-buyer-name" value={buyer.name} onChange={(e) => set('name')(e.target.value)} />
        </Field>
        <Field id="invoice-buyer-tax-id" label="Buyer VAT or tax id (optional)" error={errors['buyer.taxId']}>
          <input id="invoice-buyer-tax-id" value={buyer.taxId} onChange={(e) => set('taxId')(e.target.value)} />
        </Field>
      </div>
      <div className="row">
        <Field id="invoice-buyer-address" label="Buyer address (optional)" error={errors['buyer.address']}>
          <textarea
            id="invoice-buyer-address"
            rows={2}
            value={buyer.address}
            onChange={(e) => set('address')(e.target.value)}
          />
        </Field>
        <Field id="invoice-buyer-email" label="Buyer e-mail (optional)" error={errors['buyer.email']}>
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

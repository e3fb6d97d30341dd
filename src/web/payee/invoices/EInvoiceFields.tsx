import { useStore } from '@nanostores/react'
import { Field } from '../../components/Field.tsx'
import { invoiceFormText } from './invoicesText.ts'

/** What an EN 16931 e-invoice takes beyond the printed invoice's fields; all optional. */
export type EInvoiceDraft = {
  buyerReference: string
  paymentTerms: string
  deliveryDate: string
  periodStart: string
  periodEnd: string
  exemptionReason: string
  exemptionCode: string
}

const FIELDS = [
  ['buyerReference', 'text'],
  ['paymentTerms', 'text'],
  ['deliveryDate', 'date'],
  ['periodStart', 'date'],
  ['periodEnd', 'date'],
  ['exemptionReason', 'text'],
  ['exemptionCode', 'text'],
] as const

/** The buyer's reference (a Leitweg-ID), terms, delivery date or service period, and why no VAT is charged. */
export function EInvoiceFields({
  values,
  errors,
  onChange,
}: {
  values: EInvoiceDraft
  errors: Record<string, string>
  onChange: (field: keyof EInvoiceDraft, value: string) => void
}) {
  const t = useStore(invoiceFormText)
  return (
    <fieldset className="field">
      <legend>{t.eInvoice}</legend>
      <div className="row">
        {FIELDS.map(([field, type]) => (
          <Field key={field} id={`invoice-${field}`} label={t[field]} error={errors[field]}>
            <input
              id={`invoice-${field}`}
              type={type}
              value={values[field]}
              onChange={(e) => onChange(field, e.target.value)}
            />
          </Field>
        ))}
      </div>
    </fieldset>
  )
}

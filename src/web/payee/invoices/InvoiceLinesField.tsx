import type { InvoiceLineDraft } from '../../../domain/invoice/invoiceDraft.ts'
import { Field } from '../../components/Field.tsx'

const emptyLine: InvoiceLineDraft = { description: '', quantity: '1', unitPrice: '', taxRate: '0' }

/**
 * The invoice's lines (description, quantity, unit price, tax rate), added and removed in place: a
 * table under one header row on a wide screen, a card per line on a phone. Each field keeps its
 * full name ("Line 2 quantity") for screen readers; the eye reads the column's.
 */
export function InvoiceLinesField({
  lines,
  errors,
  onChange,
}: {
  lines: readonly InvoiceLineDraft[]
  errors: Record<string, string>
  onChange: (lines: InvoiceLineDraft[]) => void
}) {
  const set = (index: number, field: keyof InvoiceLineDraft, value: string) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, [field]: value } : line)))
  return (
    <fieldset className="field invoice-lines">
      <legend>Lines</legend>
      <div className="invoice-lines-head" aria-hidden="true">
        <span>Description</span>
        <span>Quantity</span>
        <span>Unit price</span>
        <span>Tax %</span>
      </div>
      {lines.map((line, i) => {
        const id = (field: string) => `invoice-line-${i}-${field}`
        const error = (field: string) => errors[`lines[${i}].${field}`]
        return (
          <div className="invoice-line" key={i}>
            <p className="invoice-line-title" aria-hidden="true">
              Line {i + 1}
            </p>
            <Field
              id={id('description')}
              label={`Line ${i + 1} description`}
              shown="Description"
              error={error('description')}
            >
              <input
                id={id('description')}
                value={line.description}
                onChange={(e) => set(i, 'description', e.target.value)}
              />
            </Field>
            <Field id={id('quantity')} label={`Line ${i + 1} quantity`} shown="Quantity" error={error('quantity')}>
              <input
                id={id('quantity')}
                inputMode="decimal"
                value={line.quantity}
                onChange={(e) => set(i, 'quantity', e.target.value)}
              />
            </Field>
            <Field
              id={id('unit-price')}
              label={`Line ${i + 1} unit price`}
              shown="Unit price"
              error={error('unitPrice')}
            >
              <input
                id={id('unit-price')}
                inputMode="decimal"
                value={line.unitPrice}
                onChange={(e) => set(i, 'unitPrice', e.target.value)}
              />
            </Field>
            <Field id={id('tax')} label={`Line ${i + 1} tax %`} shown="Tax %" error={error('taxRate')}>
              <input
                id={id('tax')}
                inputMode="decimal"
                value={line.taxRate}
                onChange={(e) => set(i, 'taxRate', e.target.value)}
              />
            </Field>
            {lines.length > 1 && (
              <button
                type="button"
                className="button"
                aria-label={`Remove line ${i + 1}`}
                onClick={() => onChange(lines.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            )}
          </div>
        )
      })}
      {errors.lines && (
        <p className="field-error" role="alert">
          {errors.lines}
        </p>
      )}
      <button type="button" className="button" onClick={() => onChange([...lines, emptyLine])}>
        Add line
      </button>
    </fieldset>
  )
}

export const firstLines = (): InvoiceLineDraft[] => [emptyLine]

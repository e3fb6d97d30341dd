import type { InvoiceLineDraft } from '../../../domain/invoice/invoiceDraft.ts'
import { Field } from '../../components/Field.tsx'
import { MoneyField, type MoneyReading } from '../../components/MoneyField.tsx'

const emptyLine: InvoiceLineDraft = { description: '', quantity: '1', unitPrice: '', taxRate: '0' }

/** The invoice's lines, one row each (description, quantity, unit price, tax rate), added and removed in place. */
export function InvoiceLinesField({
  lines,
  readings,
  symbol,
  errors,
  onChange,
}: {
  lines: readonly InvoiceLineDraft[]
  /** Each line's unit price as read: a refusal is said at once, or the totals would vanish without a word. */
  readings: readonly MoneyReading[]
  symbol: string
  errors: Record<string, string>
  onChange: (lines: InvoiceLineDraft[]) => void
}) {
  const set = (index: number, field: keyof InvoiceLineDraft, value: string) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, [field]: value } : line)))
  return (
    <fieldset className="field invoice-lines">
      <legend>Lines</legend>
      {lines.map((line, i) => {
        const id = (field: string) => `invoice-line-${i}-${field}`
        const error = (field: string) => errors[`lines[${i}].${field}`]
        return (
          <div className="row invoice-line" key={i}>
            <Field id={id('description')} label={`Line ${i + 1} description`} error={error('description')}>
              <input
                id={id('description')}
                value={line.description}
                onChange={(e) => set(i, 'description', e.target.value)}
              />
            </Field>
            <Field id={id('quantity')} label={`Line ${i + 1} quantity`} error={error('quantity')}>
              <input
                id={id('quantity')}
                inputMode="decimal"
                value={line.quantity}
                onChange={(e) => set(i, 'quantity', e.target.value)}
              />
            </Field>
            <MoneyField
              id={id('unit-price')}
              label={`Line ${i + 1} unit price`}
              typed={line.unitPrice}
              reading={readings[i]!}
              symbol={symbol}
              hint=""
              error={readings[i]!.error ?? error('unitPrice')}
              onChange={(typed) => set(i, 'unitPrice', typed)}
            />
            <Field id={id('tax')} label={`Line ${i + 1} tax %`} error={error('taxRate')}>
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

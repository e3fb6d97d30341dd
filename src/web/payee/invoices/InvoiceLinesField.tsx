import { useStore } from '@nanostores/react'
import type { InvoiceLineDraft } from '../../../domain/invoice/invoiceDraft.ts'
import { Field } from '../../components/Field.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { linesText } from './invoicesText.ts'
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
  const t = useStore(linesText)
  const set = (index: number, field: keyof InvoiceLineDraft, value: string) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, [field]: value } : line)))
  return (
    <fieldset className="field invoice-lines">
      <legend>{t.lines}</legend>
      {lines.map((line, i) => {
        const id = (field: string) => `invoice-line-${i}-${field}`
        const error = (field: string) => errors[`lines[${i}].${field}`]
        // Each column is named on screen once, above the first line; every input keeps its own name ("Quantity, line 2").
        const label = (name: string) => (
          <>
            {i === 0 && <span aria-hidden="true">{name}</span>}
            <span className="visually-hidden">{fillText(t.lineField, { field: name, n: i + 1 })}</span>
          </>
        )
        return (
          <div className="row invoice-line" key={i}>
            <Field id={id('description')} label={label(t.description)} error={error('description')}>
              <input
                id={id('description')}
                value={line.description}
                onChange={(e) => set(i, 'description', e.target.value)}
              />
            </Field>
            <Field id={id('quantity')} label={label(t.quantity)} error={error('quantity')}>
              <input
                id={id('quantity')}
                inputMode="decimal"
                value={line.quantity}
                onChange={(e) => set(i, 'quantity', e.target.value)}
              />
            </Field>
            <MoneyField
              id={id('unit-price')}
              label={fillText(t.lineField, { field: t.unitPrice, n: i + 1 })}
              typed={line.unitPrice}
              reading={readings[i]!}
              symbol={symbol}
              hint=""
              error={readings[i]!.error ?? error('unitPrice')}
              onChange={(typed) => set(i, 'unitPrice', typed)}
            />
            <Field id={id('tax')} label={label(t.tax)} error={error('taxRate')}>
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
                aria-label={fillText(t.removeLine, { n: i + 1 })}
                onClick={() => onChange(lines.filter((_, j) => j !== i))}
              >
                {t.remove}
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
        {t.add}
      </button>
    </fieldset>
  )
}

export const firstLines = (): InvoiceLineDraft[] => [emptyLine]

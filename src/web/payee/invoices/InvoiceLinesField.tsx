import { useStore } from '@nanostores/react'
import type { InvoiceLineDraft } from '../../../domain/invoice/invoiceDraft.ts'
import { Field } from '../../components/Field.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { linesText } from './invoicesText.ts'
import { TAX_CATEGORIES } from '../../../domain/invoice/taxCategory.ts'
import { MoneyField, type MoneyReading } from '../../components/MoneyField.tsx'

const emptyLine: InvoiceLineDraft = { description: '', quantity: '1', unitPrice: '', taxRate: '0', taxCategory: '' }

/**
 * The invoice's lines (description, quantity, unit price, tax rate and VAT category), added and removed in place: a
 * table under one header row on a wide screen, a card per line on a phone. Each field keeps its
 * full name ("Line 2 quantity") for screen readers; the eye reads the column's.
 */
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
      <div className="invoice-lines-head" aria-hidden="true">
        <span>{t.description}</span>
        <span>{t.quantity}</span>
        <span>{t.unitPrice}</span>
        <span>{t.tax}</span>
        <span>{t.category}</span>
      </div>
      {lines.map((line, i) => {
        const id = (field: string) => `invoice-line-${i}-${field}`
        const error = (field: string) => errors[`lines[${i}].${field}`]
        const label = (field: string) => fillText(t.lineField, { field, n: i + 1 })
        return (
          <div className="invoice-line" key={i}>
            <p className="invoice-line-title" aria-hidden="true">
              {fillText(t.line, { n: i + 1 })}
            </p>
            <Field
              id={id('description')}
              label={label(t.description)}
              shown={t.description}
              error={error('description')}
            >
              <input
                id={id('description')}
                value={line.description}
                onChange={(e) => set(i, 'description', e.target.value)}
              />
            </Field>
            <Field id={id('quantity')} label={label(t.quantity)} shown={t.quantity} error={error('quantity')}>
              <input
                id={id('quantity')}
                inputMode="decimal"
                value={line.quantity}
                onChange={(e) => set(i, 'quantity', e.target.value)}
              />
            </Field>
            <MoneyField
              id={id('unit-price')}
              label={label(t.unitPrice)}
              shown={t.unitPrice}
              typed={line.unitPrice}
              reading={readings[i]!}
              symbol={symbol}
              hint=""
              error={readings[i]!.error ?? error('unitPrice')}
              onChange={(typed) => set(i, 'unitPrice', typed)}
            />
            <Field id={id('tax')} label={label(t.tax)} shown={t.tax} error={error('taxRate')}>
              <input
                id={id('tax')}
                inputMode="decimal"
                value={line.taxRate}
                onChange={(e) => set(i, 'taxRate', e.target.value)}
              />
            </Field>
            <Field id={id('category')} label={label(t.category)} shown={t.category} error={error('taxCategory')}>
              <select
                id={id('category')}
                value={line.taxCategory ?? ''}
                onChange={(e) => set(i, 'taxCategory', e.target.value)}
              >
                <option value="">{t.catAuto}</option>
                {TAX_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t[`cat${c}`]}
                  </option>
                ))}
              </select>
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

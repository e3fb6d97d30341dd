import { useStore } from '@nanostores/react'
import type { PayoutAsset } from '../../../domain/payout.ts'
import { Field } from '../../components/Field.tsx'
import { MoneyField, type MoneyReading } from '../../components/MoneyField.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { PAYOUT_LIMITS, type PayoutRowDraft, type RowField } from './payoutForm.ts'
import { payoutFormText } from './payoutsText.ts'

/** One line of a payout: recipient, amount (read the payee's way), token and note, each with its own error. */
export function PayoutLineFields({
  row,
  line,
  assets,
  reading,
  errorOf,
  onChange,
  onRemove,
}: {
  row: PayoutRowDraft
  line: number
  assets: readonly PayoutAsset[]
  reading: MoneyReading
  errorOf: (field: RowField) => string | undefined
  onChange: (change: Partial<PayoutRowDraft>) => void
  onRemove: (() => void) | undefined
}) {
  const t = useStore(payoutFormText)
  const id = (field: string) => `payout-${row.key}-${field}`
  const asset = assets.find((a) => a.symbol === row.token)
  return (
    <li className="payout-line" data-testid="payout-line">
      <fieldset>
        <legend>{fillText(t.line, { line: String(line) })}</legend>
        <Field id={id('address')} label={t.address} error={errorOf('address')}>
          <input
            id={id('address')}
            className="mono"
            spellCheck={false}
            autoComplete="off"
            value={row.address}
            onChange={(e) => onChange({ address: e.target.value })}
          />
        </Field>
        <MoneyField
          id={id('amount')}
          label={fillText(t.amount, { symbol: asset?.symbol ?? '' })}
          typed={row.amount}
          reading={reading}
          symbol={row.token}
          error={errorOf('amount')}
          onChange={(amount) => onChange({ amount })}
        />
        <Field id={id('token')} label={t.token} error={errorOf('token')}>
          <select id={id('token')} value={row.token} onChange={(e) => onChange({ token: e.target.value })}>
            {!asset && <option value="">—</option>}
            {assets.map((a) => (
              <option key={a.symbol} value={a.symbol}>
                {a.symbol}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('note')} label={t.note} error={errorOf('note')}>
          <input
            id={id('note')}
            autoComplete="off"
            maxLength={PAYOUT_LIMITS.noteLong * 2}
            value={row.note}
            onChange={(e) => onChange({ note: e.target.value })}
          />
        </Field>
        {onRemove && (
          <button type="button" className="button" onClick={onRemove}>
            {fillText(t.remove, { line: String(line) })}
          </button>
        )}
      </fieldset>
    </li>
  )
}

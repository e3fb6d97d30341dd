import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { AmountError, amountConventions, delocalizeAmount, formatAssetAmount, readAmount } from '../../domain/amount.ts'
import enMoneyField, { type MoneyFieldCatalog } from '../../i18n/catalogs/money/en.ts'
import { fillText } from '../i18n/fill.tsx'
import { i18n, locale } from '../i18n/i18n.ts'
import { Field } from './Field.tsx'

export const moneyFieldText = i18n('money/field', enMoneyField.field)

/**
 * A typed amount as read: `decimal` the plain decimal to send ("1000.50"), `value` its base units
 * once the asset's decimals are known, or `error` the sentence saying why it cannot be read and how
 * to type it, in the reader's language. Nothing typed is neither read nor refused here.
 */
export type MoneyReading = { decimal: string; value: bigint | undefined; error: string | undefined }

export type MoneyAsset = {
  /** The token's symbol or the currency's code: a sign or code pasted with the amount must name it. */
  symbol: string
  /** Decimals of the unit typed in (a token's, a currency's minor digits); unknown while none is chosen. */
  decimals: number | undefined
  /** Whether nothing typed is refused ("Enter an amount.") rather than left to the form. */
  required?: boolean
}

/** What `typed` reads as in `code`'s way of writing numbers, refused in `text`'s words. */
export function readMoney(typed: string, asset: MoneyAsset, code: string, text: MoneyFieldCatalog): MoneyReading {
  if (typed.trim() === '') return { decimal: '', value: undefined, error: asset.required ? text.required : undefined }
  try {
    if (asset.decimals === undefined)
      return { decimal: delocalizeAmount(typed, code, asset.symbol || undefined), value: undefined, error: undefined }
    const { decimal, value } = readAmount(typed, asset.decimals, code, asset.symbol || undefined)
    return { decimal, value, error: undefined }
  } catch (error) {
    if (!(error instanceof AmountError)) throw error
    const { plain, example } = amountConventions(code)
    const values = { symbol: asset.symbol, decimals: String(asset.decimals ?? ''), ...error.values, plain, example }
    return { decimal: typed.trim(), value: undefined, error: fillText(text[error.problem], values) }
  }
}

/** The reading of `typed` for `asset`, in the shown language. */
export function useMoneyReading(typed: string, { symbol, decimals, required }: MoneyAsset): MoneyReading {
  const code = useStore(locale)
  const text = useStore(moneyFieldText)
  return useMemo(
    () => readMoney(typed, { symbol, decimals, required }, code, text),
    [typed, symbol, decimals, required, code, text],
  )
}

/**
 * The one money input: keeps what was typed as typed, reads it the person's way (decimal comma or
 * point, grouping, a pasted sign), says back how it was read ("Understood as 1.000,50 USDC") or why
 * it cannot be (`reading.error`, shown when its form says), and leaves the sending to its form.
 */
export function MoneyField({
  id,
  label,
  typed,
  reading,
  symbol,
  error,
  hint,
  shown,
  onChange,
  onBlur,
}: {
  id: string
  label: string
  /** What the eye reads as the label, where a column's heading says the rest (see Field). */
  shown?: string | undefined
  typed: string
  reading: MoneyReading
  symbol: string
  /** The error to show now: the form decides when (the reading's once the field is left, the server's). */
  error: string | undefined
  /** Said instead of how the amount was read. */
  hint?: string | undefined
  onChange: (typed: string) => void
  onBlur?: () => void
}) {
  const code = useStore(locale)
  const text = useStore(moneyFieldText)
  const understood =
    reading.decimal && !reading.error && symbol
      ? fillText(text.understood, { amount: formatAssetAmount(reading.decimal, symbol, code) })
      : undefined
  return (
    <Field id={id} label={label} shown={shown} error={error} hint={hint ?? understood}>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder={amountConventions(code).plain.replace('1000', '25')}
        value={typed}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </Field>
  )
}

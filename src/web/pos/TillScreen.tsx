import { useStore } from '@nanostores/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { formatAmount } from '../../domain/amount.ts'
import { sumAmounts, tipFor } from '../../domain/money.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { MoneyField, useMoneyReading } from '../components/MoneyField.tsx'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import type { ScreenProps } from '../RouteScreen.tsx'
import { mutate, query } from '../graphql/apiClient.ts'
import { fillText } from '../i18n/fill.tsx'
import { useFormat } from '../i18n/useFormat.ts'
import { Keypad } from './Keypad.tsx'
import { ChargeSaleMutation, TillQuery } from './posOperations.ts'
import { tillText } from './posText.ts'
import { SalePanel, type ChargedSale } from './SalePanel.tsx'
import { useAppManifest } from './useAppManifest.ts'
import { parseAmount } from '../../domain/amount.ts'

type Tip = { kind: 'none' } | { kind: 'choice'; bps: number } | { kind: 'custom' }

/** The till full screen: keypad, items and tip; "Charge" shows the sale's QR code until it is paid. */
export function TillScreen({ id }: ScreenProps) {
  const t = useStore(tillText)
  const format = useFormat()
  useAppManifest()
  const till = useQuery({ queryKey: ['till', id], queryFn: async () => (await query(TillQuery, { id: id! })).till })
  useDocumentTitle(till.data?.name ?? t.amount)
  const [units, setUnits] = useState(0n)
  const [counts, setCounts] = useState<number[]>([])
  const [tip, setTip] = useState<Tip>({ kind: 'none' })
  const [customTip, setCustomTip] = useState('')
  const [sale, setSale] = useState<ChargedSale | undefined>()
  const unit = till.data?.unit ?? ''
  const decimals = till.data?.decimals
  const tipReading = useMoneyReading(customTip, { symbol: unit, decimals })
  const itemUnits = (till.data?.items ?? []).map((item, i) =>
    decimals === undefined ? 0n : parseAmount(item.price, decimals) * BigInt(counts[i] ?? 0),
  )
  const subtotal = units + sumAmounts(itemUnits)
  const tipUnits =
    tip.kind === 'choice' ? tipFor(subtotal, tip.bps) : tip.kind === 'custom' ? (tipReading.value ?? 0n) : 0n
  const charge = useMutation({
    mutationFn: async () =>
      (
        await mutate(ChargeSaleMutation, {
          id: id!,
          input: {
            amount: formatAmount(subtotal, decimals!),
            tipBps: tip.kind === 'choice' ? tip.bps : null,
            tip: tip.kind === 'custom' ? tipReading.decimal : null,
          },
        })
      ).chargeSale,
    onSuccess: setSale,
  })
  const next = () => {
    setSale(undefined)
    setUnits(0n)
    setCounts([])
    setTip({ kind: 'none' })
    setCustomTip('')
    charge.reset()
  }
  if (till.isError) return <ErrorNotice error={till.error} />
  if (!till.data || decimals === undefined) return null
  const shown = (value: bigint) => format.assetUnits(value, decimals, unit)
  return (
    <section className="till" aria-labelledby="till-title">
      <header className="till-head">
        <h1 id="till-title">{till.data.name}</h1>
        <Link href={`/pos/${id}/report`} className="button">
          {t.report}
        </Link>
      </header>
      {sale ? (
        <SalePanel sale={sale} unit={unit} onNext={next} />
      ) : (
        <div className="till-body">
          <div className="till-entry">
            <output className="till-amount" aria-label={t.amount}>
              {shown(units)}
            </output>
            <Keypad units={units} onChange={setUnits} />
          </div>
          <div className="till-side">
            {till.data.items.length > 0 && (
              <fieldset className="till-items">
                <legend>{t.items}</legend>
                {till.data.items.map((item, i) => (
                  <button
                    key={item.name}
                    type="button"
                    className="button till-item"
                    onClick={() => setCounts(Object.assign([...counts], { [i]: (counts[i] ?? 0) + 1 }))}
                  >
                    {item.name} · {format.asset(item.price, unit)}
                    {counts[i] ? <span className="badge">×{counts[i]}</span> : null}
                  </button>
                ))}
              </fieldset>
            )}
            {till.data.tipsBps.length > 0 && (
              <fieldset className="till-tips">
                <legend>{t.tip}</legend>
                <button
                  type="button"
                  className="button"
                  aria-pressed={tip.kind === 'none'}
                  onClick={() => setTip({ kind: 'none' })}
                >
                  {t.noTip}
                </button>
                {till.data.tipsBps.map((bps, i) => (
                  <button
                    key={bps}
                    type="button"
                    className="button"
                    aria-pressed={tip.kind === 'choice' && tip.bps === bps}
                    onClick={() => setTip({ kind: 'choice', bps })}
                  >
                    {format.amount(till.data!.tips[i]!)} %
                  </button>
                ))}
                <button
                  type="button"
                  className="button"
                  aria-pressed={tip.kind === 'custom'}
                  onClick={() => setTip({ kind: 'custom' })}
                >
                  {t.customTip}
                </button>
                {tip.kind === 'custom' && (
                  <MoneyField
                    id="till-tip"
                    label={fillText(t.customTipLabel, { symbol: unit })}
                    typed={customTip}
                    reading={tipReading}
                    symbol={unit}
                    error={tipReading.error}
                    onChange={setCustomTip}
                  />
                )}
              </fieldset>
            )}
            <p className="till-total">
              {t.total}: <strong>{shown(subtotal + tipUnits)}</strong>
            </p>
            <button
              type="button"
              className="button primary till-charge"
              disabled={subtotal === 0n || charge.isPending || Boolean(tip.kind === 'custom' && tipReading.error)}
              onClick={() => charge.mutate()}
            >
              {charge.isPending ? t.charging : fillText(t.charge, { amount: shown(subtotal + tipUnits) })}
            </button>
            <ErrorNotice error={charge.error} />
          </div>
        </div>
      )}
    </section>
  )
}

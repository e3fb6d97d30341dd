import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { QrCode } from '../components/QrCode.tsx'
import { SegmentedSwitch } from '../components/SegmentedSwitch.tsx'
import { fillText } from '../i18n/fill.tsx'
import { useFormat } from '../i18n/useFormat.ts'
import { useLiveUpdates, usePaymentRequest } from '../requests/requestOperations.ts'
import { playPaidChime } from './paidChime.ts'
import { tillText } from './posText.ts'

export type ChargedSale = {
  total: string
  paymentUri: string
  request: { id: string; amountDecimal: string; symbol: string }
}

const PAID = ['paid', 'overpaid']

/** A charged sale: a large QR code with the exact amount, turned paid live with a chime and a tick. */
export function SalePanel({ sale, unit, onNext }: { sale: ChargedSale; unit: string; onNext(): void }) {
  const t = useStore(tillText)
  const format = useFormat()
  const request = usePaymentRequest(sale.request.id)
  useLiveUpdates(sale.request.id)
  const [method, setMethod] = useState<'wallet' | 'link'>('wallet')
  const status = request.data?.status ?? 'open'
  const paid = PAID.includes(status)
  useEffect(() => {
    if (paid) playPaidChime()
  }, [paid])
  const exact = format.asset(sale.request.amountDecimal, sale.request.symbol)
  const total = format.asset(sale.total, unit)
  const payLink = `${window.location.origin}/pay/${sale.request.id}`
  if (paid)
    return (
      <div className="sale sale-paid" role="status" aria-live="polite">
        <svg className="sale-tick" viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" />
          <path d="M13 25l7 7 15-16" />
        </svg>
        <p className="sale-status">{t.paid}</p>
        <p className="sale-amount">{total}</p>
        <button type="button" className="button primary sale-next" onClick={onNext} autoFocus>
          {t.nextSale}
        </button>
      </div>
    )
  return (
    <div className="sale">
      <p className="sale-amount">{fillText(t.scan, { amount: total })}</p>
      <SegmentedSwitch
        name="sale-method"
        label={t.withWallet}
        value={method}
        onChange={setMethod}
        options={[
          { value: 'wallet', label: t.withWallet },
          { value: 'link', label: t.withLink },
        ]}
      />
      <div className="sale-qr">
        {method === 'wallet' ? (
          <QrCode value={sale.paymentUri} label={fillText(t.qrWallet, { amount: exact })} size={320} />
        ) : (
          <QrCode value={payLink} label={t.qrLink} size={320} />
        )}
      </div>
      <p className="sale-exact">{fillText(t.exact, { amount: exact })}</p>
      <p className="hint">
        <a href={payLink}>{payLink}</a>
      </p>
      <p className="hint" role="status" aria-live="polite">
        {status === 'expired' || status === 'cancelled' ? t.expired : t.waiting}
      </p>
      <button type="button" className="button" onClick={onNext}>
        {t.cancel}
      </button>
    </div>
  )
}

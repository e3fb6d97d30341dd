import { useStore } from '@nanostores/react'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { useNow } from '../components/useNow.ts'
import { fill, fillText } from '../i18n/fill.tsx'
import { summaryText } from '../i18n/messages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { StatusBadge } from '../requests/RequestSummary.tsx'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

/** Stablecoins whose unit is one US dollar: their amount is also shown in dollars. */
const DOLLAR_STABLECOINS = new Set(['USDC', 'USDT', 'DAI'])

/** What is asked: the amount (and in dollars), the status and when it is due, the payee's memo. */
export function PayTerms({ request }: { request: PaymentRequestData }) {
  const t = useStore(summaryText)
  const format = useFormat()
  const now = useNow()
  const dollars = DOLLAR_STABLECOINS.has(request.symbol) && request.asset !== NATIVE_ASSET
  const open = request.status === 'open' || request.status === 'partially_paid'
  return (
    <div className="pay-terms">
      <p className="amount-line">
        <span className="amount" data-testid="request-amount">
          {format.amount(request.amountDecimal, request.symbol)} {request.symbol}
        </span>
        {dollars && (
          <span className="fiat" data-testid="request-usd">
            ≈ {format.usd(BigInt(request.amount), request.decimals)}
          </span>
        )}
      </p>
      <p className="cluster status-line">
        <StatusBadge status={request.status} paidLate={request.paidLate} />
        <span>
          {fill(t.dueOn, { date: <time dateTime={request.dueAt}>{format.dateTime(request.dueAt)}</time> })}
          {open && (
            <span className="hint" data-testid="request-due-in">
              {' '}
              (
              {new Date(request.dueAt).getTime() > now
                ? fillText(t.dueIn, { when: format.timeLeft(request.dueAt, now) })
                : t.pastDue}
              )
            </span>
          )}
        </span>
      </p>
      {request.payer && (
        <p className="hint">
          {t.onlyFrom}: <span className="mono">{request.payer}</span>
        </p>
      )}
      {request.memo && (
        <p className="memo" dir="auto" data-testid="request-memo">
          {request.memo}
        </p>
      )}
    </div>
  )
}

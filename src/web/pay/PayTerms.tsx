import { useStore } from '@nanostores/react'
import { fill } from '../i18n/fill.tsx'
import { summaryText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { DueIn, inDollars, RequestBadges } from '../requests/RequestSummary.tsx'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

/** What is asked: the amount (and in dollars), the status and when it is due, the payee's memo. */
export function PayTerms({ request }: { request: PaymentRequestData }) {
  const t = useStore(summaryText)
  const format = useFormat()
  const dollars = inDollars(request)
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
        <span>
          <RequestBadges request={request} />
        </span>
        {/* A quote's request is due when the quote ends: its countdown says so, not a second date. */}
        {!request.quote && (
          <span>
            {fill(t.dueOn, { date: <time dateTime={request.dueAt}>{format.dateTime(request.dueAt)}</time> })}
            {open && <DueIn dueAt={request.dueAt} />}
          </span>
        )}
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

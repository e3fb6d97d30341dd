import { useStore } from '@nanostores/react'
import type { Chain } from 'viem'
import { Link } from 'wouter'
import { parseAmount } from '../../../domain/amount.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { fill, fillText } from '../../i18n/fill.tsx'
import { pricedText, summaryText } from '../../i18n/payerMessages.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { DueIn, StatusBadge } from '../../requests/RequestSummary.tsx'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { PayeeHeading } from '../PayeeHeading.tsx'
import { InvoicePanel } from '../invoice/InvoicePanel.tsx'
import { Verification } from '../Verification.tsx'
import { useQuote } from './quoteOperations.ts'

/** The currency of a priced request, as the formatter needs it. */
export const currencyOf = (request: PaymentRequestData) => ({
  code: request.price!.currency,
  minorDigits: request.decimals,
})

/**
 * A request priced in a currency: the price, then one button per token it accepts. A button asks
 * for a quote in that token and opens it, where the payer sees the rate, checks it and pays.
 */
export function PricedPayPage({
  request,
  chain,
  chainName,
}: {
  request: PaymentRequestData
  chain: Chain | undefined
  chainName: string
}) {
  const t = useStore(pricedText)
  const summary = useStore(summaryText)
  const format = useFormat()
  const quote = useQuote(request.id)
  const currency = currencyOf(request)
  const open = request.status === 'open' || request.status === 'partially_paid'
  const received = BigInt(request.received)
  return (
    <section className="card pay-card" aria-labelledby="pay-title">
      <PayeeHeading request={request} />
      {request.invoice && <InvoicePanel invoice={request.invoice} />}
      <div className="pay-terms">
        <p className="amount-line">
          <span className="amount" data-testid="request-amount">
            {format.money(request.amount, currency)}
          </span>
        </p>
        <p className="cluster status-line">
          <StatusBadge status={request.status} paidLate={request.paidLate} />
          <span>
            {fill(summary.dueOn, {
              date: <time dateTime={request.dueAt}>{format.dateTime(request.dueAt)}</time>,
            })}
            {open && <DueIn dueAt={request.dueAt} />}
          </span>
        </p>
        {received > 0n && (
          <p data-testid="priced-received">
            {fillText(t.received, {
              received: format.money(received, currency),
              price: format.money(request.amount, currency),
            })}
          </p>
        )}
        {(request.toleranceBps ?? 0) > 0 && (
          <p className="hint">
            {fillText(t.tolerance, { tolerance: format.amount(String((request.toleranceBps ?? 0) / 100)) })}
          </p>
        )}
        {request.memo && (
          <p className="memo" dir="auto" data-testid="request-memo">
            {request.memo}
          </p>
        )}
      </div>
      {request.pricedPayments.length > 0 && (
        <ul className="stack" data-testid="priced-payments">
          {request.pricedPayments.map((p) => (
            <li key={p.txHash}>
              {fillText(t.paidWith, {
                amount: format.amount(p.amountDecimal, p.symbol),
                symbol: p.symbol,
                value:
                  p.valueDecimal === null
                    ? t.notValued
                    : format.money(parseAmount(p.valueDecimal, currency.minorDigits), currency),
              })}
            </li>
          ))}
        </ul>
      )}
      {(request.status === 'paid' || request.status === 'overpaid') && (
        <p className="actions">
          <Link className="button" href={`/receipts/${request.id}`} data-testid="priced-receipt">
            {t.receipt}
          </Link>
        </p>
      )}
      {open && (
        <div className="pay" role="group" aria-labelledby="choose-token">
          <h2 id="choose-token">{t.chooseToken}</h2>
          <div className="actions">
            {(request.acceptedAssets ?? []).map((asset) => (
              <button
                key={asset.address}
                type="button"
                className="button primary large"
                disabled={quote.isPending}
                onClick={() => quote.mutate(asset.address)}
              >
                {quote.isPending && quote.variables === asset.address
                  ? t.quoting
                  : fillText(t.payIn, { symbol: asset.symbol })}
              </button>
            ))}
          </div>
          <ErrorNotice error={quote.error} />
        </div>
      )}
      <Verification request={request} chain={chain} chainName={chainName} />
    </section>
  )
}

import { useStore } from '@nanostores/react'
import type { Chain } from 'viem'
import { Link } from 'wouter'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { fill, fillText } from '../i18n/fill.tsx'
import { payText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { RefundLines } from './RefundLines.tsx'

/** Sent from this page: the transaction, and what happens next. */
export function SentOutcome({
  request,
  chain,
  hash,
}: {
  request: PaymentRequestData
  chain: Chain | undefined
  hash: string
}) {
  const t = useStore(payText)
  return (
    <div className="notice" role="status" data-testid="payment-sent">
      <p>
        <strong>{t.sent}</strong> {t.sentWaiting}
      </p>
      <p>{fill(t.transaction, { hash: <TransactionLink chain={chain} hash={hash} /> })}</p>
      <p className="hint">{fillText(t.requestId, { id: request.id })}</p>
    </div>
  )
}

/** Paid: the transactions, the figures when more came than was asked, and the receipt. */
export function PaidOutcome({ request, chain }: { request: PaymentRequestData; chain: Chain | undefined }) {
  const extra = BigInt(request.received) - BigInt(request.amount)
  const t = useStore(payText)
  const format = useFormat()
  return (
    <div className="notice success paid-outcome" role="status" data-testid="paid-outcome">
      <p>
        <strong>{request.paidAt ? fillText(t.paidOn, { date: format.dateTime(request.paidAt) }) : t.paid}</strong>
        {/* Once the excess went back there is no difference to ask about. */}
        {request.status === 'overpaid' && extra > BigInt(request.refunded) && (
          <span data-testid="overpaid">
            {' '}
            {fillText(t.overpaid, {
              received: format.amount(request.receivedDecimal, request.symbol),
              amount: format.amount(request.amountDecimal, request.symbol),
              extra: format.units(extra, request.decimals, request.symbol),
              symbol: request.symbol,
            })}
          </span>
        )}
      </p>
      {request.payments.map((p) => (
        <p key={`${p.txHash}:${p.logIndex}`}>
          {fill(t.paymentLine, {
            amount: format.amount(p.amountDecimal, p.symbol),
            symbol: p.symbol,
            hash: <TransactionLink chain={chain} hash={p.txHash} />,
          })}
        </p>
      ))}
      <RefundLines request={request} chain={chain} />
      <p className="actions">
        <Link className="button" href={`/receipts/${request.id}`}>
          {t.viewReceipt}
        </Link>
        {request.redirectUrl && (
          <a
            className="button primary"
            href={request.redirectUrl}
            rel="noopener noreferrer"
            data-testid="back-to-merchant"
          >
            {fillText(t.backTo, { site: new URL(request.redirectUrl).host })}
          </a>
        )}
      </p>
    </div>
  )
}

/** Why a request takes no payment now: cancelled, expired, or a payment already on its way. */
export function ClosedNotice({ request, chain }: { request: PaymentRequestData; chain: Chain | undefined }) {
  const t = useStore(payText)
  const format = useFormat()
  if (request.status === 'cancelled')
    return (
      <p className="notice warning" role="alert">
        {t.cancelled}
      </p>
    )
  if (request.status === 'expired')
    return (
      <p className="notice warning" role="alert">
        {fillText(t.expired, { date: format.dateTime(request.dueAt) })}
      </p>
    )
  return (
    <p className="notice" role="status">
      {t.pending}{' '}
      {request.payments.map((p) => (
        <TransactionLink key={`${p.txHash}:${p.logIndex}`} chain={chain} hash={p.txHash} />
      ))}
    </p>
  )
}

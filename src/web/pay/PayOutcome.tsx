import { useStore } from '@nanostores/react'
import type { Chain } from 'viem'
import { Link } from 'wouter'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { fill, fillText } from '../i18n/fill.tsx'
import { onChainsText, payText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { PaymentsTotal, usePaymentChains } from './PaymentsOnChains.tsx'
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

/**
 * Paid: the transactions (each on its chain when any came on another than the request's own, with
 * what they add up to), the figures when more came than was asked, and the receipt. Given the
 * request as asked, not as on the chain chosen to pay: its own chain is what a payment is told from.
 */
export function PaidOutcome({ request }: { request: PaymentRequestData }) {
  const extra = BigInt(request.received) - BigInt(request.amount)
  const t = useStore(payText)
  const onChains = useStore(onChainsText)
  const format = useFormat()
  const { chainOf, nameOf, elsewhere } = usePaymentChains(request)
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
        <p key={`${p.chainId}:${p.txHash}:${p.logIndex}`} data-testid="paid-payment">
          {fill(elsewhere ? onChains.paymentLine : t.paymentLine, {
            amount: format.amount(p.amountDecimal, p.symbol),
            symbol: p.symbol,
            chain: nameOf(p.chainId),
            hash: <TransactionLink chain={chainOf(p.chainId)} hash={p.txHash} />,
          })}
        </p>
      ))}
      {elsewhere && <PaymentsTotal request={request} />}
      <RefundLines request={request} chainOf={chainOf} />
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
export function ClosedNotice({ request }: { request: PaymentRequestData }) {
  const t = useStore(payText)
  const format = useFormat()
  const { chainOf } = usePaymentChains(request)
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
        <TransactionLink key={`${p.chainId}:${p.txHash}:${p.logIndex}`} chain={chainOf(p.chainId)} hash={p.txHash} />
      ))}
    </p>
  )
}

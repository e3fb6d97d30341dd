import { useStore } from '@nanostores/react'
import type { Address, Chain } from 'viem'
import { shortAddress } from '../../components/shortAddress.ts'
import { TransactionLink } from '../../components/TransactionLink.tsx'
import { fill } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { refundPanelText } from './refundsText.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { RefundDialog } from './RefundDialog.tsx'
import { useCan } from '../../auth/useSession.ts'
import { refundChoices } from './refundOperations.ts'

const STATES: readonly string[] = ['awaiting_transfer', 'refunded', 'cancelled', 'expired']

/** The payee's refunds of a request: each with where it stands, and the way to send one more. */
export function RefundPanel({ request, chain }: { request: PaymentRequestData; chain: Chain | undefined }) {
  const t = useStore(refundPanelText)
  const can = useCan()
  const format = useFormat()
  if (request.price || BigInt(request.received) === 0n) return null
  const { available } = refundChoices(request)
  return (
    <section className="refunds stack" aria-labelledby="refunds-title">
      <h2 id="refunds-title">{t.title}</h2>
      {request.refunds.length === 0 ? (
        <p className="hint">{t.intro}</p>
      ) : (
        <ul className="refund-list" data-testid="refund-list">
          {request.refunds.map((r) => (
            <li key={r.id}>
              {fill(t.line, {
                amount: (
                  <strong>
                    {format.amount(r.amountDecimal, request.symbol)} {request.symbol}
                  </strong>
                ),
                address: <span className="mono">{shortAddress(r.to as Address)}</span>,
                date: format.dateTime(r.createdAt),
              })}{' '}
              <span data-testid="refund-state">
                {STATES.includes(r.state)
                  ? t[r.state as 'awaiting_transfer' | 'refunded' | 'cancelled' | 'expired']
                  : r.state}
              </span>
              {r.transfers.map((t) => (
                <span key={`${t.txHash}:${t.logIndex}`}>
                  {' '}
                  <TransactionLink chain={chain} hash={t.txHash} />
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      {available > 0n && can('refunds:send') && <RefundDialog request={request} chain={chain} />}
    </section>
  )
}

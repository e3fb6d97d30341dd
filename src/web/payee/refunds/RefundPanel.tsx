import type { Address, Chain } from 'viem'
import { shortAddress } from '../../components/shortAddress.ts'
import { TransactionLink } from '../../components/TransactionLink.tsx'
import { formatDateTime } from '../../components/formatDateTime.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { RefundDialog } from './RefundDialog.tsx'
import { refundChoices } from './refundOperations.ts'

const STATE_WORDS: Record<string, string> = {
  awaiting_transfer: 'Waiting for your wallet’s transfer',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  expired: 'Expired (never sent)',
}

/** The payee's refunds of a request: each with where it stands, and the way to send one more. */
export function RefundPanel({ request, chain }: { request: PaymentRequestData; chain: Chain | undefined }) {
  if (request.price || BigInt(request.received) === 0n) return null
  const { available } = refundChoices(request)
  return (
    <section className="refunds stack" aria-labelledby="refunds-title">
      <h2 id="refunds-title">Refunds</h2>
      {request.refunds.length === 0 ? (
        <p className="hint">
          Send money back from your own wallet: all of it, a part, or what was paid above the amount asked. Billfold
          records the refund when it sees it on chain.
        </p>
      ) : (
        <ul className="refund-list" data-testid="refund-list">
          {request.refunds.map((r) => (
            <li key={r.id}>
              <strong>
                {r.amountDecimal} {request.symbol}
              </strong>{' '}
              to <span className="mono">{shortAddress(r.to as Address)}</span>, {formatDateTime(r.createdAt)}:{' '}
              <span data-testid="refund-state">{STATE_WORDS[r.state] ?? r.state}</span>
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
      {available > 0n && <RefundDialog request={request} chain={chain} />}
    </section>
  )
}

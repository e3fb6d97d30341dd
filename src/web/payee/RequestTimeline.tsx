import { groupAmount } from '../../domain/amount.ts'
import type { Chain } from 'viem'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { formatDateTime } from '../components/formatDateTime.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

/** What happened to a request, oldest first: created, each payment, then paid, expired or cancelled. */
export function RequestTimeline({ request, chain }: { request: PaymentRequestData; chain: Chain | undefined }) {
  const events: { at: string; key: string; body: React.ReactNode }[] = [
    { at: request.createdAt, key: 'created', body: 'Created and signed by the payee' },
  ]
  for (const p of request.payments)
    events.push({
      at: p.blockTime,
      key: `${p.txHash}:${p.logIndex}`,
      body: (
        <>
          Received {groupAmount(p.amountDecimal, undefined, p.symbol)} {p.symbol} from{' '}
          <span className="mono">{p.from}</span>, {p.confirmations} confirmation{p.confirmations === 1 ? '' : 's'}
          {p.matchedBy === 'amount'
            ? ' · matched by amount (a direct transfer)'
            : p.matchedBy === 'assigned'
              ? ' · assigned by the payee'
              : ''}
          <br />
          <TransactionLink chain={chain} hash={p.txHash} />
        </>
      ),
    })
  if (request.paidAt)
    events.push({
      at: request.paidAt,
      key: 'paid',
      body: request.paidLate ? 'Paid in full, after the due date' : 'Paid in full',
    })
  if (request.status === 'expired')
    events.push({ at: request.dueAt, key: 'expired', body: 'Expired: nothing was received by the due date' })
  if (request.cancelledAt) events.push({ at: request.cancelledAt, key: 'cancelled', body: 'Cancelled by the payee' })
  events.sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime())
  return (
    <ol className="timeline" data-testid="timeline">
      {events.map((e) => (
        <li key={e.key}>
          <time dateTime={e.at}>{formatDateTime(e.at)}</time>
          <div>{e.body}</div>
        </li>
      ))}
    </ol>
  )
}

import { useStore } from '@nanostores/react'
import { groupAmount } from '../../domain/amount.ts'
import type { Chain } from 'viem'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { formatDateTime } from '../components/formatDateTime.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { fill, fillText } from '../i18n/fill.tsx'
import { timelineText } from './payeeMessages.ts'
import { plural } from '../../i18n/plural.ts'
import { locale } from '../i18n/i18n.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'

/** What happened to a request, oldest first: created, each payment, then paid, expired or cancelled. */
export function RequestTimeline({ request, chain }: { request: PaymentRequestData; chain: Chain | undefined }) {
  const t = useStore(timelineText)
  // A request of several chains is paid on any of them: each payment's transaction is on its own chain.
  const { chains } = useWalletCore()
  const code = useStore(locale)
  const events: { at: string; key: string; body: React.ReactNode }[] = [
    { at: request.createdAt, key: 'created', body: t.created },
  ]
  for (const p of request.payments)
    events.push({
      at: p.blockTime,
      key: `${p.txHash}:${p.logIndex}`,
      body: (
        <>
          {fill(t.receivedFrom, {
            amount: `${groupAmount(p.amountDecimal, undefined, p.symbol)} ${p.symbol}`,
            from: <span className="mono">{p.from}</span>,
          })}
          {fillText(plural(code, p.confirmations, { one: t.confirmationsOne, other: t.confirmationsOther }), {
            count: p.confirmations,
          })}
          {p.matchedBy === 'amount' ? t.matchedByAmount : p.matchedBy === 'assigned' ? t.assigned : ''}
          <br />
          <TransactionLink chain={chains.find((c) => c.id === p.chainId) ?? chain} hash={p.txHash} />
        </>
      ),
    })
  if (request.paidAt)
    events.push({
      at: request.paidAt,
      key: 'paid',
      body: request.paidLate ? t.paidLate : t.paid,
    })
  if (request.status === 'expired') events.push({ at: request.dueAt, key: 'expired', body: t.expired })
  if (request.cancelledAt) events.push({ at: request.cancelledAt, key: 'cancelled', body: t.cancelled })
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

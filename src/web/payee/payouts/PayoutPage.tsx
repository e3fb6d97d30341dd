import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { Link } from 'wouter'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { TransactionLink } from '../../components/TransactionLink.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useRescueFocus } from '../../components/useRescueFocus.ts'
import { query } from '../../graphql/apiClient.ts'
import { fillText } from '../../i18n/fill.tsx'
import { useFormat } from '../../i18n/useFormat.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'
import { payoutKey, PayoutQuery } from './payoutOperations.ts'
import { payoutText } from './payoutsText.ts'

// How often the page asks again while a line is not yet paid: the watcher records each from the chain.
const UNPAID_POLL_MS = 2_000

/**
 * `/payouts/:id`: each line as the chain shows it (prepared is not paid), its transaction, the
 * recipient's receipt link and the CSV for the books.
 */
export function PayoutPage({ id }: { id: string }) {
  const t = useStore(payoutText)
  const format = useFormat()
  useDocumentTitle(t.title)
  const heading = useRef<HTMLHeadingElement>(null)
  useRescueFocus(heading)
  const { chains } = useWalletCore()
  const payout = useQuery({
    queryKey: payoutKey(id),
    queryFn: async () => (await query(PayoutQuery, { id })).payout,
    refetchInterval: (q) => (q.state.data?.lines.some((l) => !l.paid) ? UNPAID_POLL_MS : false),
  })
  if (payout.isPending) return <p role="status">{t.loading}</p>
  if (payout.error) return <ErrorNotice error={payout.error} />
  const p = payout.data
  const chain = chains.find((c) => c.id === p.chainId)
  const unpaid = p.lines.filter((l) => !l.paid)
  return (
    <section aria-labelledby="payout-title" className="stack">
      <Link href="/payouts" className="back-link">
        ← {t.back}
      </Link>
      <h1 id="payout-title" ref={heading}>
        {t.title}
      </h1>
      <p>{fillText(t.created, { date: format.dateTime(p.createdAt), chain: chain?.name ?? String(p.chainId) })}</p>
      <p role="status" data-testid="payout-paid-count">
        {fillText(t.paidCount, { paid: String(p.lines.length - unpaid.length), count: String(p.lines.length) })}
      </p>
      <div className="table-scroll">
        <table className="requests" aria-labelledby="payout-title">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t.recipient}</th>
              <th scope="col" className="num">
                {t.amount}
              </th>
              <th scope="col">{t.state}</th>
              <th scope="col">{t.receipt}</th>
            </tr>
          </thead>
          <tbody>
            {p.lines.map((l) => (
              <tr key={l.id} data-testid="payout-line-state" data-paid={l.paid ? 'true' : 'false'}>
                <td>{l.line}</td>
                <td className="mono">
                  {l.to}
                  {l.note && <div className="hint">{l.note}</div>}
                </td>
                <td className="num">{format.asset(l.amountDecimal, l.symbol)}</td>
                <td>
                  {l.paid ? t.paid : t.notPaid}
                  {l.txHash && (
                    <div>
                      <TransactionLink chain={chain} hash={l.txHash} />
                    </div>
                  )}
                </td>
                <td>
                  <Link href={`/payout/${l.id}`}>{fillText(t.receiptLink, { line: String(l.line) })}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="actions">
        <a
          className="button"
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(p.csv)}`}
          download={`payout-${p.id}.csv`}
        >
          {t.download}
        </a>
      </div>
    </section>
  )
}

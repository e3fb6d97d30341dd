import { useStore } from '@nanostores/react'
import { getAddress, type Address } from 'viem'
import { groupAmount } from '../../domain/amount.ts'
import { Link, useLocation } from 'wouter'
import { shortAddress } from '../components/shortAddress.ts'
import { DashboardQuery } from './dashboardOperations.ts'
import type { ResultOf } from '../graphql/graphql.ts'
import { RequestBadges } from '../requests/RequestSummary.tsx'
import { formatDateTime } from '../components/formatDateTime.ts'
import { fill, fillText } from '../i18n/fill.tsx'
import { tableText } from './payeeMessages.ts'
import { ScrollTable } from '../components/ScrollTable.tsx'

type Row = ResultOf<typeof DashboardQuery>['myPaymentRequests']['items'][number]

/** One page of the payee's requests; a row opens its request. */
export function RequestTable({ items }: { items: Row[] }) {
  const [, navigate] = useLocation()
  const t = useStore(tableText)
  return (
    <ScrollTable>
      <table className="requests" data-testid="requests-table">
        <caption className="visually-hidden">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.amount}</th>
            <th scope="col">{t.payer}</th>
            <th scope="col">{t.created}</th>
            <th scope="col">{t.due}</th>
            <th scope="col">{t.memo}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            // The whole row opens the request (the amount stays the link for keyboards and screen readers).
            <tr
              key={r.id}
              className="clickable"
              onClick={(e) => !(e.target as HTMLElement).closest('a') && navigate(`/requests/${r.id}`)}
            >
              <td data-label={t.status}>
                <RequestBadges request={r} />
              </td>
              <td className="num" data-label={t.amount}>
                <RowAmount row={r} />
              </td>
              <td data-label={t.payer} data-testid="row-payer">
                <RowPayer row={r} />
              </td>
              <td data-label={t.created}>{formatDateTime(r.createdAt)}</td>
              <td data-label={t.due}>{formatDateTime(r.dueAt)}</td>
              <td className="memo" data-label={t.memo}>
                {r.memo}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  )
}

/** The amount asked; while part of it has arrived, "7.77 of 40.00 USDC" over a bar of the share. */
function RowAmount({ row }: { row: Row }) {
  const t = useStore(tableText)
  const amount = groupAmount(row.amountDecimal, undefined, row.symbol)
  const link = (text: string) => <Link href={`/requests/${row.id}`}>{text}</Link>
  if (row.status !== 'partially_paid') return link(`${amount} ${row.symbol}`)
  // Display only: the bar's share in thousandths, from the exact base units.
  const share = Number((BigInt(row.received) * 1000n) / (BigInt(row.amount) || 1n))
  return (
    <span className="row-progress" data-testid="row-progress">
      {link(
        `${fillText(t.partOf, { received: groupAmount(row.receivedDecimal, undefined, row.symbol), amount })} ${row.symbol}`,
      )}
      <span className="progress" aria-hidden="true">
        <span style={{ width: `${Math.min(share, 1000) / 10}%` }} />
      </span>
    </span>
  )
}

/** Who paid (each distinct sender, short), else who may pay, else "Anyone". */
function RowPayer({ row }: { row: Row }) {
  const t = useStore(tableText)
  const senders = [...new Set(row.payments.map((p) => p.from.toLowerCase()))].map((s) => getAddress(s))
  if (senders.length > 0)
    return (
      <span className="mono" title={senders.join('\n')}>
        {senders.map(shortAddress).join(', ')}
      </span>
    )
  if (row.payer)
    return (
      <span className="muted">
        {fill(t.only, { address: <span className="mono">{shortAddress(row.payer as Address)}</span> })}
      </span>
    )
  return <span className="muted">{t.anyone}</span>
}

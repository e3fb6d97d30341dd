import type { Address } from 'viem'
import { groupAmount } from '../../domain/amount.ts'
import { Link, useLocation } from 'wouter'
import { shortAddress } from '../components/shortAddress.ts'
import { DashboardQuery } from '../requests/requestOperations.ts'
import type { ResultOf } from '../graphql/graphql.ts'
import { StatusBadge } from '../requests/RequestSummary.tsx'
import { formatDateTime } from '../components/formatDateTime.ts'

/** One page of the payee's requests; a row opens its request. */
export function RequestTable({ items }: { items: ResultOf<typeof DashboardQuery>['myPaymentRequests']['items'] }) {
  const [, navigate] = useLocation()
  return (
    <div className="table-scroll">
      <table className="requests" data-testid="requests-table">
        <caption className="visually-hidden">Your payment requests, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Amount</th>
            <th scope="col">Payer</th>
            <th scope="col">Created</th>
            <th scope="col">Due</th>
            <th scope="col">Memo</th>
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
              <td data-label="Status">
                <StatusBadge status={r.status} paidLate={r.paidLate} />
              </td>
              <td className="num" data-label="Amount">
                <Link href={`/requests/${r.id}`}>
                  {groupAmount(r.amountDecimal, undefined, r.symbol)} {r.symbol}
                </Link>
              </td>
              <td className="mono small" data-label="Payer">
                {r.payer ? shortAddress(r.payer as Address) : 'Anyone'}
              </td>
              <td data-label="Created">{formatDateTime(r.createdAt)}</td>
              <td data-label="Due">{formatDateTime(r.dueAt)}</td>
              <td className="memo" data-label="Memo">
                {r.memo}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

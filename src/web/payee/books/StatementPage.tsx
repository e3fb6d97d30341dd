import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { fiatCurrency } from '../../../domain/currencies.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { query } from '../../graphql/apiClient.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { BackToRequests } from '../BackToRequests.tsx'
import { MyStatementQuery } from './booksOperations.ts'
import { ScrollTable } from '../../components/ScrollTable.tsx'

const thisMonth = () => new Date().toISOString().slice(0, 7)
const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`

/**
 * `/statements`: one month's payments valued in the payee's books currency, each with its token
 * amount, rate and transaction, and the total; printable as it is, and as CSV.
 */
export function StatementPage() {
  useDocumentTitle('Monthly statement')
  const [month, setMonth] = useState(thisMonth)
  const format = useFormat()
  const statement = useQuery({
    queryKey: ['statement', month],
    queryFn: async () => (await query(MyStatementQuery, { month })).myStatement,
    retry: false,
  })
  const data = statement.data
  const currency = data && fiatCurrency(data.currency)
  const money = (minor: string) => (currency ? format.money(minor, currency) : minor)
  return (
    <section className="stack statement" aria-labelledby="statement-title">
      <BackToRequests />
      <h1 id="statement-title">Monthly statement</h1>
      <div className="actions no-print">
        <label htmlFor="statement-month">Month</label>
        <input
          id="statement-month"
          type="month"
          value={month}
          onChange={(e) => e.target.value && setMonth(e.target.value)}
        />
        <a href={`/export/statement.csv?month=${month}`} download>
          Download CSV
        </a>
        <button type="button" className="button" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
      {statement.error && (
        <>
          <ErrorNotice error={statement.error} />
          <p>
            <Link href="/settings">Choose the currency of your books in Settings.</Link>
          </p>
        </>
      )}
      {data && (
        <ScrollTable className="card">
          <table className="requests" data-testid="statement">
            <caption>
              Payments received in {data.month}, valued in {data.currency} at their block; refunds at the rate their
              request was paid at
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Request</th>
                <th scope="col">Amount</th>
                <th scope="col">Rate</th>
                <th scope="col">Value</th>
                <th scope="col">Transaction</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line) => (
                <tr key={`${line.kind}:${line.txHash}`} data-testid="statement-line">
                  <td>{format.dateTime(line.blockTime)}</td>
                  <td dir="auto">
                    <Link href={`/requests/${line.requestId}`}>{line.memo || line.requestId}</Link>
                    {line.kind === 'refund' && ' (refund)'}
                  </td>
                  <td>
                    {format.amount(line.amountDecimal, line.symbol)} {line.symbol}
                  </td>
                  <td>{line.rate ? `${format.amount(line.rate)} ${data.currency}/${line.symbol}` : '—'}</td>
                  <td>{line.value === null ? 'being valued' : money(line.value)}</td>
                  <td className="mono" title={line.txHash}>
                    {short(line.txHash)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Total{data.unvalued > 0 ? ` (${data.unvalued} being valued)` : ''}
                </th>
                <td data-testid="statement-total">{money(data.total)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </ScrollTable>
      )}
    </section>
  )
}

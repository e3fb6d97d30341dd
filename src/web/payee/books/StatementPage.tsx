import { useStore } from '@nanostores/react'
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
import { fillText } from '../../i18n/fill.tsx'
import { statementText } from './booksText.ts'
import { ScrollTable } from '../../components/ScrollTable.tsx'
import { AccountingExport } from './AccountingExport.tsx'

const thisMonth = () => new Date().toISOString().slice(0, 7)
/** "March 2026" for "2026-03", in `locale`. */
const monthName = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  )
const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`

/**
 * `/statements`: one month's payments valued in the payee's books currency, each with its token
 * amount, rate and transaction, and the total; printable as it is, as CSV, and as the files DATEV,
 * Xero and QuickBooks Online import.
 */
export function StatementPage() {
  const t = useStore(statementText)
  useDocumentTitle(t.title)
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
      <h1 id="statement-title">{t.title}</h1>
      <div className="actions no-print">
        <label htmlFor="statement-month">{t.month}</label>
        <input
          id="statement-month"
          type="month"
          value={month}
          onChange={(e) => e.target.value && setMonth(e.target.value)}
        />
        <a href={`/export/statement.csv?month=${month}`} download>
          {t.csv}
        </a>
        <button type="button" className="button" onClick={() => window.print()}>
          {t.print}
        </button>
      </div>
      {statement.error && (
        <>
          <ErrorNotice error={statement.error} />
          <p>
            <Link href="/settings">{t.chooseCurrency}</Link>
          </p>
        </>
      )}
      {data && (
        <ScrollTable className="card">
          <table className="requests" data-testid="statement">
            <caption>
              {fillText(t.caption, { month: monthName(data.month, format.locale), currency: data.currency })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.request}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.rate}</th>
                <th scope="col">{t.value}</th>
                <th scope="col">{t.transaction}</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line) => (
                <tr key={`${line.kind}:${line.txHash}`} data-testid="statement-line">
                  <td>{format.dateTime(line.blockTime)}</td>
                  <td dir="auto">
                    <Link href={`/requests/${line.requestId}`}>{line.memo || line.requestId}</Link>
                    {line.kind === 'refund' && ` ${t.refund}`}
                  </td>
                  <td>
                    {format.amount(line.amountDecimal, line.symbol)} {line.symbol}
                  </td>
                  <td>{line.rate ? `${format.amount(line.rate)} ${data.currency}/${line.symbol}` : '—'}</td>
                  <td>{line.value === null ? t.beingValued : money(line.value)}</td>
                  <td className="mono" title={line.txHash}>
                    {short(line.txHash)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  {data.unvalued > 0 ? fillText(t.totalUnvalued, { count: data.unvalued }) : t.total}
                </th>
                <td data-testid="statement-total">{money(data.total)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </ScrollTable>
      )}
      <AccountingExport month={month} />
    </section>
  )
}

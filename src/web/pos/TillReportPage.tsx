import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { ScrollTable } from '../components/ScrollTable.tsx'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import type { ScreenProps } from '../RouteScreen.tsx'
import { query } from '../graphql/apiClient.ts'
import { fillText } from '../i18n/fill.tsx'
import { useFormat } from '../i18n/useFormat.ts'
import { TillReportQuery } from './posOperations.ts'
import { reportText } from './posText.ts'
import { reportCsv } from './reportCsv.ts'

/** The cashier's day in their own time zone: from this local midnight to the next. */
function localDay(now = new Date()) {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  return { from: from.toISOString(), to: to.toISOString(), day: from }
}

/** The till's end-of-day report: its sales and tips in the shop's unit and in the token; printable, exported as CSV. */
export function TillReportPage({ id }: ScreenProps) {
  const t = useStore(reportText)
  const format = useFormat()
  const { from, to, day } = localDay()
  const report = useQuery({
    queryKey: ['tillReport', id, from],
    queryFn: async () => (await query(TillReportQuery, { id: id!, from, to })).tillReport,
  })
  const data = report.data
  useDocumentTitle(data ? fillText(t.title, { till: data.till.name }) : t.sales)
  if (report.isError) return <ErrorNotice error={report.error} />
  if (!data) return null
  const download = () => {
    const csv = reportCsv(data.lines, data.unit, data.assetSymbol)
    const link = document.createElement('a')
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
    link.download = `${data.till.name}-${day.toISOString().slice(0, 10)}.csv`
    link.click()
    URL.revokeObjectURL(link.href)
  }
  const statusText = (status: string) =>
    ['paid', 'overpaid'].includes(status)
      ? t.paid
      : ['open', 'pending', 'partially_paid'].includes(status)
        ? t.open
        : t.other
  return (
    <section className="stack till-report" aria-labelledby="report-title">
      <div className="cluster no-print">
        <Link href={`/pos/${id}`} className="button">
          {t.backToTill}
        </Link>
        <button type="button" className="button" onClick={() => window.print()}>
          {t.print}
        </button>
        <button type="button" className="button" onClick={download}>
          {t.csv}
        </button>
      </div>
      <h1 id="report-title">{fillText(t.title, { till: data.till.name })}</h1>
      <p className="hint">{format.day(from)}</p>
      <dl className="report-totals">
        <div>
          <dt>{t.sales}</dt>
          <dd>{format.integer(data.paidCount)}</dd>
        </div>
        <div>
          <dt>{t.subtotal}</dt>
          <dd>{format.asset(data.subtotal, data.unit)}</dd>
        </div>
        <div>
          <dt>{t.tips}</dt>
          <dd>
            {format.asset(data.tips, data.unit)}
            {data.unit !== data.assetSymbol && <> ({format.asset(data.tipsReceived, data.assetSymbol)})</>}
          </dd>
        </div>
        <div>
          <dt>{t.total}</dt>
          <dd>{format.asset(data.total, data.unit)}</dd>
        </div>
        <div>
          <dt>{t.received}</dt>
          <dd>{format.asset(data.received, data.assetSymbol)}</dd>
        </div>
      </dl>
      {data.lines.length === 0 ? (
        <p className="hint">{t.none}</p>
      ) : (
        <ScrollTable labelledBy="report-title">
          <table className="requests">
            <thead>
              <tr>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.subtotal}</th>
                <th scope="col">{t.tips}</th>
                <th scope="col">{t.total}</th>
                <th scope="col">{t.received}</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line) => (
                <tr key={line.saleId}>
                  <td>{format.dateTime(line.at)}</td>
                  <td>{statusText(line.status)}</td>
                  <td className="num">{format.asset(line.subtotal, data.unit)}</td>
                  <td className="num">{format.asset(line.tip, data.unit)}</td>
                  <td className="num">{format.asset(line.total, data.unit)}</td>
                  <td className="num">{format.asset(line.received, data.assetSymbol)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  )
}

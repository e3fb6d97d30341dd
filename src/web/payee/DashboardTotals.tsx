import { Link } from 'wouter'
import { formatAmount } from '../../domain/amount.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { exportSearch } from './dashboardFilter.ts'
import { ReceivedChart } from './ReceivedChart.tsx'
import { type Received } from './dashboardOperations.ts'

type Filter = Parameters<typeof exportSearch>[0]

/** Received and still to be paid per asset, as figures side by side, and the chart when there is more than a day. */
export function DashboardTotals({ data, filter }: { data: Received | undefined; filter: Filter }) {
  const totals = data?.myReceivedTotals ?? []
  const days = data?.myReceivedByDay ?? []
  const outstanding = data?.myOutstandingTotals ?? []
  // The books' currency is one more series: the same payments, each at its value.
  const booksDays = data?.myReceivedInBooksByDay ?? []
  const inBooks = data?.myReceivedInBooks
  const booksTotal = inBooks && {
    chainId: 0,
    asset: inBooks.currency,
    symbol: inBooks.currency,
    decimals: booksDays[0]?.total.decimals ?? 2,
    received: inBooks.total,
    receivedDecimal: formatAmount(BigInt(inBooks.total), booksDays[0]?.total.decimals ?? 2),
    payments: inBooks.payments,
  }
  const filtered = Object.keys(filter).length > 0
  return (
    <div className="totals-area">
      <div className="figure-card">
        <h2>Received{filter.from || filter.to ? ' in this range' : ''}</h2>
        {totals.length === 0 ? (
          <p className="muted">{filtered ? 'Nothing received for these filters.' : 'Nothing received yet.'}</p>
        ) : (
          <AssetFigures
            testId="totals"
            rows={totals.map((t) => ({ ...t, decimal: t.receivedDecimal, count: t.payments, noun: 'payment' }))}
          />
        )}
        {data?.myReceivedInBooks && totals.length > 0 && <InBooks inBooks={data.myReceivedInBooks} />}
      </div>
      <div className="figure-card">
        <h2>Still to be paid</h2>
        {outstanding.length === 0 ? (
          <p className="muted">Nothing is waiting to be paid{filtered ? ' among these requests' : ''}.</p>
        ) : (
          <AssetFigures
            testId="outstanding"
            rows={outstanding.map((t) => ({ ...t, decimal: t.outstandingDecimal, count: t.requests, noun: 'request' }))}
          />
        )}
      </div>
      <ReceivedChart days={[...days, ...booksDays]} totals={booksTotal ? [...totals, booksTotal] : totals} />
    </div>
  )
}

/** The CSV files of what the filter shows. */
export function ExportLinks({ filter }: { filter: Filter }) {
  const search = exportSearch(filter)
  return (
    <p className="exports">
      Export as CSV:{' '}
      <a href={`/export/requests.csv${search}`} download>
        requests
      </a>{' '}
      ·{' '}
      <a href={`/export/payments.csv${search}`} download>
        payments
      </a>{' '}
      · <Link href="/statements">monthly statement</Link>
    </p>
  )
}

/** Amounts per asset as large figures, each with its chain and how many payments or requests make it up. */
function AssetFigures({
  rows,
  testId,
}: {
  rows: { chainId: number; asset: string; symbol: string; decimal: string; count: number; noun: string }[]
  testId: string
}) {
  const { chains } = useWalletCore()
  const format = useFormat()
  return (
    <ul className="figures" data-testid={testId}>
      {rows.map((t) => (
        <li key={`${t.chainId}:${t.asset}`}>
          <span className="figure">{format.asset(t.decimal, t.symbol)}</span>{' '}
          <span className="muted">
            on {chains.find((c) => c.id === t.chainId)?.name ?? `chain ${t.chainId}`}, {t.count} {t.noun}
            {t.count === 1 ? '' : 's'}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** The same payments in the currency of the payee's books, each valued at its block. */
function InBooks({ inBooks }: { inBooks: NonNullable<Received['myReceivedInBooks']> }) {
  const format = useFormat()
  const currency = fiatCurrency(inBooks.currency)
  if (!currency) return null
  return (
    <p className="hint" data-testid="totals-in-books">
      In your books: {format.money(inBooks.total, currency)}
      {inBooks.unvalued > 0 && ` (${inBooks.unvalued} of ${inBooks.payments} payments being valued)`} ·{' '}
      <Link href="/statements">monthly statement</Link>
    </p>
  )
}

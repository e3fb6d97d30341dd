import { Link } from 'wouter'
import { formatAmount } from '../../domain/amount.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { useStore } from '@nanostores/react'
import { fillText } from '../i18n/fill.tsx'
import { useFormat } from '../i18n/useFormat.ts'
import { totalsText } from './payeeMessages.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { exportSearch } from './dashboardFilter.ts'
import { ReceivedChart } from './ReceivedChart.tsx'
import { type Received } from './dashboardOperations.ts'
import { plural } from '../../i18n/plural.ts'

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
  const t = useStore(totalsText)
  return (
    <div className="totals-area">
      <div className="figure-card">
        <h2>{filter.from || filter.to ? t.receivedInRange : t.received}</h2>
        {totals.length === 0 ? (
          <p className="muted">{filtered ? t.nothingForFilters : t.nothingYet}</p>
        ) : (
          <AssetFigures
            testId="totals"
            rows={totals.map((t) => ({
              ...t,
              decimal: t.receivedDecimal,
              count: t.payments,
              noun: 'payments' as const,
            }))}
          />
        )}
        {data?.myReceivedInBooks && totals.length > 0 && <InBooks inBooks={data.myReceivedInBooks} />}
      </div>
      <div className="figure-card">
        <h2>{t.stillToBePaid}</h2>
        {outstanding.length === 0 ? (
          <p className="muted">{filtered ? t.nothingWaitingFiltered : t.nothingWaiting}</p>
        ) : (
          <AssetFigures
            testId="outstanding"
            rows={outstanding.map((t) => ({
              ...t,
              decimal: t.outstandingDecimal,
              count: t.requests,
              noun: 'requests' as const,
            }))}
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
  const t = useStore(totalsText)
  return (
    <p className="exports">
      {t.exportAs}{' '}
      <a href={`/export/requests.csv${search}`} download>
        {t.exportRequests}
      </a>{' '}
      ·{' '}
      <a href={`/export/payments.csv${search}`} download>
        {t.exportPayments}
      </a>{' '}
      · <Link href="/statements">{t.statement}</Link>
    </p>
  )
}

/** Amounts per asset as large figures, each with its chain and how many payments or requests make it up. */
function AssetFigures({
  rows,
  testId,
}: {
  rows: {
    chainId: number
    asset: string
    symbol: string
    decimal: string
    count: number
    noun: 'payments' | 'requests'
  }[]
  testId: string
}) {
  const { chains } = useWalletCore()
  const text = useStore(totalsText)
  const format = useFormat()
  return (
    <ul className="figures" data-testid={testId}>
      {rows.map((t) => (
        <li key={`${t.chainId}:${t.asset}`}>
          <span className="figure">{format.asset(t.decimal, t.symbol)}</span>{' '}
          <span className="muted">
            {fillText(
              t.noun === 'payments'
                ? plural(format.locale, t.count, { one: text.onChainPaymentsOne, other: text.onChainPaymentsOther })
                : plural(format.locale, t.count, { one: text.onChainRequestsOne, other: text.onChainRequestsOther }),
              {
                chain: chains.find((c) => c.id === t.chainId)?.name ?? fillText(text.chainFallback, { id: t.chainId }),
                count: t.count,
              },
            )}
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
  const t = useStore(totalsText)
  if (!currency) return null
  return (
    <p className="hint" data-testid="totals-in-books">
      {fillText(t.inBooks, { amount: format.money(inBooks.total, currency) })}
      {inBooks.unvalued > 0 &&
        fillText(t.beingValued, { unvalued: inBooks.unvalued, payments: inBooks.payments })} ·{' '}
      <Link href="/statements">{t.statement}</Link>
    </p>
  )
}

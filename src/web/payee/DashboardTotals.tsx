import { groupAmount } from '../../domain/amount.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { exportSearch } from './dashboardFilter.ts'
import { ReceivedChart } from './ReceivedChart.tsx'
import { type Received } from '../requests/requestOperations.ts'

/** Received and still to be paid per asset, the chart, and the CSV exports of the same filter. */
export function DashboardTotals({
  data,
  filter,
}: {
  data: Received | undefined
  filter: Parameters<typeof exportSearch>[0]
}) {
  const totals = data?.myReceivedTotals ?? []
  const days = data?.myReceivedByDay ?? []
  const outstanding = data?.myOutstandingTotals ?? []
  const exportQuery = exportSearch(filter)
  const filtered = Object.keys(filter).length > 0
  return (
    <div className="totals-area">
      <div>
        <h2>Received{filter.from || filter.to ? ' in this range' : ''}</h2>
        {totals.length === 0 ? (
          <p className="muted">{filtered ? 'Nothing received for these filters.' : 'Nothing received yet.'}</p>
        ) : (
          <AssetAmounts
            testId="totals"
            rows={totals.map((t) => ({ ...t, decimal: t.receivedDecimal, count: t.payments, noun: 'payment' }))}
          />
        )}
        <h2>Still to be paid</h2>
        {outstanding.length === 0 ? (
          <p className="muted">Nothing is waiting to be paid{filtered ? ' among these requests' : ''}.</p>
        ) : (
          <AssetAmounts
            testId="outstanding"
            rows={outstanding.map((t) => ({ ...t, decimal: t.outstandingDecimal, count: t.requests, noun: 'request' }))}
          />
        )}
        <p className="exports">
          Export as CSV:{' '}
          <a href={`/export/requests.csv${exportQuery}`} download>
            requests
          </a>{' '}
          ·{' '}
          <a href={`/export/payments.csv${exportQuery}`} download>
            payments
          </a>
        </p>
      </div>
      {totals.length > 0 && <ReceivedChart days={days} totals={totals} />}
    </div>
  )
}

/** Amounts per asset, each with its chain and how many payments or requests make it up. */
function AssetAmounts({
  rows,
  testId,
}: {
  rows: { chainId: number; asset: string; symbol: string; decimal: string; count: number; noun: string }[]
  testId: string
}) {
  const { chains } = useWalletCore()
  return (
    <ul className="totals" data-testid={testId}>
      {rows.map((t) => (
        <li key={`${t.chainId}:${t.asset}`}>
          <strong>
            {groupAmount(t.decimal, undefined, t.symbol)} {t.symbol}
          </strong>{' '}
          <span className="muted">
            on {chains.find((c) => c.id === t.chainId)?.name ?? `chain ${t.chainId}`}, {t.count} {t.noun}
            {t.count === 1 ? '' : 's'}
          </span>
        </li>
      ))}
    </ul>
  )
}

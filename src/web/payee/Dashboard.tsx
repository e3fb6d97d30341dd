import type { Address } from 'viem'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { groupAmount } from '../../domain/amount.ts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useRescueFocus } from '../components/useRescueFocus.ts'
import { Link, useLocation, useSearch } from 'wouter'
import { query } from '../graphql/apiClient.ts'
import { SignOutEverywhere } from '../auth/SessionControl.tsx'
import { shortAddress } from '../components/shortAddress.ts'
import { ChainLagNotice } from '../components/ChainLagNotice.tsx'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { exportSearch, filterFormSearch, readFilterForm, toApiFilter, type FilterForm } from './dashboardFilter.ts'
import { ProfileForm } from './ProfileForm.tsx'
import { ReceivedChart } from './ReceivedChart.tsx'
import { UnmatchedCount } from './UnmatchedPage.tsx'
import { DashboardQuery, ReceivedQuery, useChains, useMyLiveUpdates } from '../requests/requestOperations.ts'
import type { ResultOf } from '../graphql/graphql.ts'
import { en } from '../i18n/catalogs/en.ts'
import { formatDateTime, StatusBadge } from '../requests/RequestSummary.tsx'

const PAGE_SIZE = 25

/** The payee's requests: filters kept in the address bar, totals, a chart and one page at a time. */
export function Dashboard() {
  useDocumentTitle('Your requests')
  useMyLiveUpdates()
  const heading = useRef<HTMLHeadingElement>(null)
  useRescueFocus(heading)
  const search = useSearch()
  const [, navigate] = useLocation()
  const form = readFilterForm(search)
  const checked = toApiFilter(form)
  const filter = checked.filter
  // The cursor of each page visited, the current one last; a new filter starts again at the first page.
  const [pages, setPages] = useState<{ search: string; cursors: (string | null)[] }>({ search, cursors: [null] })
  const cursors = pages.search === search ? pages.cursors : [null]
  const after = cursors.at(-1) ?? null

  const list = useQuery({
    queryKey: ['dashboard', filter, after],
    enabled: filter !== undefined,
    queryFn: async () => (await query(DashboardQuery, { filter, first: PAGE_SIZE, after })).myPaymentRequests,
    placeholderData: keepPreviousData,
  })
  const received = useQuery({
    queryKey: ['received', filter],
    enabled: filter !== undefined,
    queryFn: () => query(ReceivedQuery, { filter }),
  })

  const update = (changes: Partial<FilterForm>) => {
    const next = filterFormSearch({ ...form, ...changes })
    navigate(next ? `/?${next}` : '/', { replace: true })
  }
  const filtering = filterFormSearch(form) !== ''
  const items = list.data?.items ?? []

  return (
    <section aria-labelledby="dashboard-title" className="dashboard">
      <div className="dashboard-head">
        <h1 id="dashboard-title" ref={heading}>
          Your payment requests
        </h1>
        <div className="actions">
          <Link href="/developers" className="button">
            Links, API and webhooks
          </Link>
          <Link href="/new" className="button primary">
            New request
          </Link>
        </div>
      </div>
      {/* Keyed by the search, so the typed text follows the address bar (e.g. after Clear filters). */}
      <ChainLagNotice />
      <UnmatchedCount />
      <Filters key={form.search} form={form} update={update} error={checked.error} />
      {filter && <Totals data={received.data} filter={filter} />}
      <ErrorNotice error={list.error ?? received.error} />
      {list.isPending && filter ? (
        <p role="status">Loading your requests…</p>
      ) : items.length === 0 && !checked.error ? (
        filtering ? (
          <div className="empty">
            <p>No request matches these filters.</p>
            <button type="button" className="button" onClick={() => navigate('/', { replace: true })}>
              Clear filters
            </button>
          </div>
        ) : (
          <div className="empty">
            <h2>No requests yet</h2>
            <p>Create a request, share its link or QR code, and its payment shows up here as soon as it is on chain.</p>
            <Link href="/new" className="button primary">
              Create your first request
            </Link>
          </div>
        )
      ) : (
        items.length > 0 && (
          <>
            <RequestTable items={items} />
            <nav className="pager" aria-label="Pages">
              <button
                type="button"
                className="button"
                disabled={cursors.length === 1}
                onClick={() => setPages({ search, cursors: cursors.slice(0, -1) })}
              >
                Previous page
              </button>
              <span data-testid="page-number">Page {cursors.length}</span>
              <button
                type="button"
                className="button"
                disabled={!list.data?.nextCursor || list.isFetching}
                onClick={() => setPages({ search, cursors: [...cursors, list.data!.nextCursor] })}
              >
                Next page
              </button>
            </nav>
          </>
        )
      )}
      <ProfileForm />
      <SignOutEverywhere />
    </section>
  )
}

function Filters({
  form,
  update,
  error,
}: {
  form: FilterForm
  update: (changes: Partial<FilterForm>) => void
  error: string | undefined
}) {
  const chains = useChains()
  const [typed, setTyped] = useState(form.search)
  // On a phone the filters fold away behind one button (open while any is set); wider screens always show them.
  const [open, setOpen] = useState(filterFormSearch(form) !== '')
  return (
    <>
      <button
        type="button"
        className="button filters-toggle"
        aria-expanded={open}
        aria-controls="filters"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide filters' : 'Filters'}
      </button>
      <form
        id="filters"
        className="filters"
        data-collapsed={!open}
        role="search"
        aria-label="Filter requests"
        onSubmit={(e) => (e.preventDefault(), update({ search: typed }))}
      >
        <div className="field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" value={form.status} onChange={(e) => update({ status: e.target.value })}>
            <option value="">All</option>
            {Object.entries(en.status)
              .filter(([value]) => value !== 'late')
              .map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-asset">Asset</label>
          <select id="filter-asset" value={form.asset} onChange={(e) => update({ asset: e.target.value })}>
            <option value="">All</option>
            {chains.data?.flatMap((c) =>
              c.assets.map((a) => (
                <option key={`${c.id}:${a.address}`} value={`${c.id}:${a.address}`}>
                  {a.symbol} on {c.name}
                  {c.testnet ? ' (test network)' : ''}
                </option>
              )),
            )}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-from">From</label>
          <input
            id="filter-from"
            type="date"
            value={form.from}
            onChange={(e) => update({ from: e.target.value })}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-to">To</label>
          <input
            id="filter-to"
            type="date"
            value={form.to}
            onChange={(e) => update({ to: e.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'filter-error' : undefined}
          />
        </div>
        <div className="field grow">
          <label htmlFor="filter-search">Memo contains</label>
          <div className="inline">
            <input id="filter-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
            <button type="submit" className="button">
              Search
            </button>
          </div>
        </div>
        {error && (
          <p className="field-error wide" id="filter-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </>
  )
}

export type Received = ResultOf<typeof ReceivedQuery>

function Totals({ data, filter }: { data: Received | undefined; filter: Parameters<typeof exportSearch>[0] }) {
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
            {groupAmount(t.decimal)} {t.symbol}
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

function RequestTable({ items }: { items: ResultOf<typeof DashboardQuery>['myPaymentRequests']['items'] }) {
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
                  {groupAmount(r.amountDecimal)} {r.symbol}
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

import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useRescueFocus } from '../components/useRescueFocus.ts'
import { Link, useLocation, useSearch } from 'wouter'
import { query } from '../graphql/apiClient.ts'
import { ChainLagNotice } from '../components/ChainLagNotice.tsx'
import { RelayerLowNotice } from './relayers/RelayerLowNotice.tsx'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { filterFormSearch, readFilterForm, toApiFilter, type FilterForm } from './dashboardFilter.ts'
import { DashboardFilters } from './DashboardFilters.tsx'
import { DashboardTotals, ExportLinks } from './DashboardTotals.tsx'
import { RequestTable } from './RequestTable.tsx'
import { UnmatchedCount } from './UnmatchedPage.tsx'
import { useMyLiveUpdates } from '../requests/requestOperations.ts'
import { DashboardQuery, ReceivedQuery } from './dashboardOperations.ts'

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
  const severalPages = cursors.length > 1 || Boolean(list.data?.nextCursor)
  // Filters and exports help once there is something to sift: not for a first request or none.
  const sifting = filtering || Boolean(checked.error) || items.length > 1 || severalPages
  const nothingYet = !filtering && !checked.error && list.isSuccess && items.length === 0

  return (
    <section aria-labelledby="dashboard-title" className="dashboard stack">
      <div className="dashboard-head">
        <h1 id="dashboard-title" ref={heading}>
          Your payment requests
        </h1>
        <div className="cluster">
          <Link href="/developers" className="button">
            Links, API and webhooks
          </Link>
          <Link href="/settings" className="button">
            Settings
          </Link>
          <Link href="/invoices" className="button">
            Invoices
          </Link>
          <Link href="/schedules" className="button">
            Recurring
          </Link>
          <Link href="/new" className="button primary">
            New request
          </Link>
        </div>
      </div>
      <ChainLagNotice />
      <RelayerLowNotice />
      <UnmatchedCount />
      {nothingYet ? (
        <div className="empty" data-testid="dashboard-empty">
          <h2>No requests yet</h2>
          <p>Create a request, share its link or QR code, and its payment shows up here as soon as it is on chain.</p>
          <Link href="/new" className="button primary">
            Create your first request
          </Link>
        </div>
      ) : (
        <>
          {filter && <DashboardTotals data={received.data} filter={filter} />}
          {sifting && (
            <div className="sift">
              {/* Keyed by the search, so the typed text follows the address bar (e.g. after Clear filters). */}
              <DashboardFilters key={form.search} form={form} update={update} error={checked.error} />
              {filter && <ExportLinks filter={filter} />}
            </div>
          )}
          <ErrorNotice error={list.error ?? received.error} />
          {list.isPending && filter ? (
            <p role="status">Loading your requests…</p>
          ) : items.length === 0 ? (
            !checked.error && (
              <div className="empty">
                <p>No request matches these filters.</p>
                <button type="button" className="button" onClick={() => navigate('/', { replace: true })}>
                  Clear filters
                </button>
              </div>
            )
          ) : (
            <RequestTable items={items} />
          )}
          {severalPages && (
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
          )}
        </>
      )}
    </section>
  )
}

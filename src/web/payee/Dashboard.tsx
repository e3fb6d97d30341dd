import { useStore } from '@nanostores/react'
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
import { useCan, useSession } from '../auth/useSession.ts'
import { BusinessPicker } from './business/BusinessPicker.tsx'
import { teamText } from './business/businessText.ts'
import { PayoutsLink } from './payouts/PayoutsLink.tsx'
import { UnmatchedCount } from './UnmatchedPage.tsx'
import { useMyLiveUpdates } from '../requests/requestOperations.ts'
import { DashboardQuery, ReceivedQuery } from './dashboardOperations.ts'
import { fillText } from '../i18n/fill.tsx'
import { dashboardText } from './payeeMessages.ts'
import { SubscriptionNavLinks } from './subscriptions/SubscriptionNavLinks.tsx'

const PAGE_SIZE = 25

/**
 * Instead of the list: a word for a role that may not read the requests, else the first request to
 * make, offered only to a role that may make it (an accountant only reads).
 */
function NoList({ readable, creates }: { readable: boolean; creates: boolean }) {
  const t = useStore(dashboardText)
  if (!readable)
    return (
      <p className="hint" data-testid="not-your-role">
        {t.notYourRole}
      </p>
    )
  return (
    <div className="empty" data-testid="dashboard-empty">
      <h2>{t.emptyTitle}</h2>
      <p>{creates ? t.emptyText : t.emptyReadOnly}</p>
      {creates && (
        <Link href="/new" className="button primary">
          {t.createFirst}
        </Link>
      )}
    </div>
  )
}

/** The payee's requests: filters kept in the address bar, totals, a chart and one page at a time. */
export function Dashboard() {
  const t = useStore(dashboardText)
  const team = useStore(teamText)
  const can = useCan()
  const session = useSession()
  // A cashier or a developer may not read the requests: their screens open from the buttons, with no list to refuse.
  const readsRequests = can('requests:read')
  useDocumentTitle(t.title)
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
    enabled: filter !== undefined && readsRequests,
    queryFn: async () => (await query(DashboardQuery, { filter, first: PAGE_SIZE, after })).myPaymentRequests,
    placeholderData: keepPreviousData,
  })
  const received = useQuery({
    queryKey: ['received', filter],
    enabled: filter !== undefined && readsRequests,
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
          {t.heading}
        </h1>
        <div className="cluster">
          {can('apiKeys:manage') && (
            <Link href="/developers" className="button">
              {t.developers}
            </Link>
          )}
          {can('settings:read') && (
            <Link href="/settings" className="button">
              {t.settings}
            </Link>
          )}
          {can('members:manage') && (
            <Link href="/team" className="button">
              {team.title}
            </Link>
          )}
          {can('invoices:read') && (
            <Link href="/invoices" className="button">
              {t.invoices}
            </Link>
          )}
          {can('schedules:read') && (
            <Link href="/schedules" className="button">
              {t.recurring}
            </Link>
          )}
          {can('schedules:read') && <SubscriptionNavLinks />}
          <PayoutsLink />
          {can('sales:sell') && (
            <Link href="/pos" className="button">
              {t.pointOfSale}
            </Link>
          )}
          {can('requests:create') && (
            <Link href="/new" className="button primary">
              {t.newRequest}
            </Link>
          )}
          <BusinessPicker />
        </div>
      </div>
      <ChainLagNotice />
      <RelayerLowNotice />
      <UnmatchedCount />
      {(session.isSuccess && !readsRequests) || nothingYet ? (
        <NoList readable={readsRequests} creates={can('requests:create')} />
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
            <p role="status">{t.loading}</p>
          ) : items.length === 0 ? (
            !checked.error && (
              <div className="empty">
                <p>{t.noMatch}</p>
                <button type="button" className="button" onClick={() => navigate('/', { replace: true })}>
                  {t.clearFilters}
                </button>
              </div>
            )
          ) : (
            <RequestTable items={items} />
          )}
          {severalPages && (
            <nav className="pager" aria-label={t.pages}>
              <button
                type="button"
                className="button"
                disabled={cursors.length === 1}
                onClick={() => setPages({ search, cursors: cursors.slice(0, -1) })}
              >
                {t.previousPage}
              </button>
              <span data-testid="page-number">{fillText(t.pageNumber, { number: cursors.length })}</span>
              <button
                type="button"
                className="button"
                disabled={!list.data?.nextCursor || list.isFetching}
                onClick={() => setPages({ search, cursors: [...cursors, list.data!.nextCursor] })}
              >
                {t.nextPage}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}

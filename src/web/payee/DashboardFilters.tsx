import { useState } from 'react'
import { filterFormSearch, type FilterForm } from './dashboardFilter.ts'
import { useChains } from '../requests/requestOperations.ts'
import { useStore } from '@nanostores/react'
import { statusText } from '../i18n/payerMessages.ts'

/** The dashboard's filters: status, asset, dates and a memo search, kept in the address bar. */
export function DashboardFilters({
  form,
  update,
  error,
}: {
  form: FilterForm
  update: (changes: Partial<FilterForm>) => void
  error: string | undefined
}) {
  const chains = useChains()
  const statuses = useStore(statusText)
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
            {Object.entries(statuses)
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

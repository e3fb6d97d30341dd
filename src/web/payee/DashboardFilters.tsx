import { useState } from 'react'
import { filterFormSearch, type FilterForm } from './dashboardFilter.ts'
import { useChains } from '../requests/requestOperations.ts'
import { useStore } from '@nanostores/react'
import { statusText } from '../i18n/payerMessages.ts'
import { fillText } from '../i18n/fill.tsx'
import { filtersText } from './payeeMessages.ts'

/** The dashboard's filters: status, asset, dates and a memo search, kept in the address bar. */
export function DashboardFilters({
  form,
  update,
  error,
}: {
  form: FilterForm
  update: (changes: Partial<FilterForm>) => void
  /** Why the dates select no day: the filters catalog's key. */
  error: 'endBeforeStart' | undefined
}) {
  const chains = useChains()
  const statuses = useStore(statusText)
  const t = useStore(filtersText)
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
        {open ? t.hide : t.show}
      </button>
      <form
        id="filters"
        className="filters"
        data-collapsed={!open}
        role="search"
        aria-label={t.label}
        onSubmit={(e) => (e.preventDefault(), update({ search: typed }))}
      >
        <div className="field">
          <label htmlFor="filter-status">{t.status}</label>
          <select id="filter-status" value={form.status} onChange={(e) => update({ status: e.target.value })}>
            <option value="">{t.all}</option>
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
          <label htmlFor="filter-asset">{t.asset}</label>
          <select id="filter-asset" value={form.asset} onChange={(e) => update({ asset: e.target.value })}>
            <option value="">{t.all}</option>
            {chains.data?.flatMap((c) =>
              c.assets.map((a) => (
                <option key={`${c.id}:${a.address}`} value={`${c.id}:${a.address}`}>
                  {fillText(t.assetOn, { symbol: a.symbol, chain: c.name })}
                  {c.testnet ? t.testNetwork : ''}
                </option>
              )),
            )}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-from">{t.from}</label>
          <input
            id="filter-from"
            type="date"
            value={form.from}
            onChange={(e) => update({ from: e.target.value })}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-to">{t.to}</label>
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
          <label htmlFor="filter-search">{t.memoContains}</label>
          <div className="inline">
            <input id="filter-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
            <button type="submit" className="button">
              {t.search}
            </button>
          </div>
        </div>
        {error && (
          <p className="field-error wide" id="filter-error" role="alert">
            {t[error]}
          </p>
        )}
      </form>
    </>
  )
}

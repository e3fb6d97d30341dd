import type { VariablesOf } from '../graphql/graphql.ts'
import type { DashboardQuery } from './dashboardOperations.ts'

export type Filter = VariablesOf<typeof DashboardQuery>['filter']

/** The dashboard's filters as they live in the address bar, so a reload or a shared link keeps them. */
export type FilterForm = { status: string; asset: string; from: string; to: string; search: string }

export function readFilterForm(search: string): FilterForm {
  const params = new URLSearchParams(search)
  return {
    status: params.get('status') ?? '',
    asset: params.get('asset') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    search: params.get('q') ?? '',
  }
}

export function filterFormSearch(form: FilterForm): string {
  const params = new URLSearchParams()
  if (form.status) params.set('status', form.status)
  if (form.asset) params.set('asset', form.asset)
  if (form.from) params.set('from', form.from)
  if (form.to) params.set('to', form.to)
  if (form.search) params.set('q', form.search)
  return params.toString()
}

/** Local midnight of a YYYY-MM-DD day: the range covers whole days in the user's time zone. */
const localDay = (day: string, addDays = 0) => {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y!, m! - 1, d! + addDays)
}

/** The API filter, or why the form cannot be one (the filters catalog's key). */
export function toApiFilter(form: FilterForm): { filter?: NonNullable<Filter>; error?: 'endBeforeStart' } {
  const filter: NonNullable<Filter> = {}
  if (form.status) filter.statuses = [form.status as never]
  if (form.asset) {
    const [chainId, asset] = form.asset.split(':')
    filter.chainId = Number(chainId)
    filter.asset = asset
  }
  if (form.from) filter.from = localDay(form.from).toISOString()
  // The end day is included: the range stops at the next midnight.
  if (form.to) filter.to = localDay(form.to, 1).toISOString()
  if (form.from && form.to && localDay(form.from) > localDay(form.to)) return { error: 'endBeforeStart' }
  if (form.search.trim()) filter.search = form.search.trim()
  return { filter }
}

/** The same filter as an export link's query string. */
export function exportSearch(filter: NonNullable<Filter>): string {
  const params = new URLSearchParams()
  for (const status of filter.statuses ?? []) params.append('status', status)
  if (filter.chainId != null) params.set('chainId', String(filter.chainId))
  if (filter.asset) params.set('asset', filter.asset)
  if (filter.from) params.set('from', filter.from)
  if (filter.to) params.set('to', filter.to)
  if (filter.search) params.set('search', filter.search)
  const text = params.toString()
  return text ? `?${text}` : ''
}

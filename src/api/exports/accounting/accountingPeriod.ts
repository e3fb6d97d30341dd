import { badInput } from '../../../domain/errors/input.ts'
import { monthRange } from '../../../payments/repository/statement.ts'

const DAY = 24 * 60 * 60 * 1000
/** The longest period one export covers: a year, so one download stays a bounded amount of work. */
const MAX_DAYS = 366

const day = (name: 'from' | 'to', raw: string) => {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T00:00:00Z`) : new Date(NaN)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw)
    throw badInput(name, `must be a day as YYYY-MM-DD, got "${raw}".`)
  return date
}

/**
 * An export's period from its query, in UTC: `month=2026-11`, or `from=2026-10-01&to=2026-12-31`
 * (both days included); as [from, to) instants.
 */
export function accountingPeriod(query: URLSearchParams): { from: Date; to: Date } {
  const month = query.get('month')
  if (month) {
    const range = monthRange(month)
    if (!range) throw badInput('month', `must be a month as YYYY-MM, e.g. "2026-11", got "${month}".`)
    return range
  }
  const [rawFrom, rawTo] = [query.get('from'), query.get('to')]
  if (!rawFrom || !rawTo) throw badInput('month', 'or from and to must be given: the period to export.')
  const from = day('from', rawFrom)
  const to = new Date(day('to', rawTo).getTime() + DAY)
  if (to <= from) throw badInput('to', `must be on or after from (${rawFrom}).`)
  if (to.getTime() - from.getTime() > MAX_DAYS * DAY)
    throw badInput('to', `must be at most ${MAX_DAYS} days after from.`)
  return { from, to }
}

/** How often a schedule issues a request. */
export const SCHEDULE_INTERVALS = ['week', 'month', 'year'] as const
export type ScheduleInterval = (typeof SCHEDULE_INTERVALS)[number]

/**
 * When a schedule's periods start. `day` is the ISO weekday (1 Monday … 7 Sunday) for a weekly one,
 * the day of the month (1–31) otherwise; `month` (1–12) is a yearly one's. Every date is in UTC.
 */
export type ScheduleCalendar = {
  interval: ScheduleInterval
  day: number
  month?: number | null
  /** The first day a period may start on, `YYYY-MM-DD`. */
  startsOn: string
}

const DAY_MS = 86_400_000

const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate()

/** A day of the month in a given month: a day the month lacks (the 31st in April, the 30th in February) is its last. */
const clampedDay = (year: number, monthIndex: number, day: number) =>
  new Date(Date.UTC(year, monthIndex, Math.min(day, daysInMonth(year, monthIndex))))

const parseDay = (text: string) => {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number]
  return { y, m: m - 1, d }
}

/**
 * The start (00:00 UTC) of period `index` (0 is the first). The first is the first day on or after
 * `startsOn` that falls on the schedule's day; each next is a week, a month or a year on. Months
 * are counted from the first period, not from the previous one, so the 31st comes back after a
 * short month: 31 January, 28 (or 29) February, 31 March.
 */
export function periodStart(calendar: ScheduleCalendar, index: number): Date {
  const { y, m, d } = parseDay(calendar.startsOn)
  const start = Date.UTC(y, m, d)
  if (calendar.interval === 'week') {
    const weekday = ((new Date(start).getUTCDay() + 6) % 7) + 1
    const ahead = (calendar.day - weekday + 7) % 7
    return new Date(start + (ahead + 7 * index) * DAY_MS)
  }
  if (calendar.interval === 'month') {
    const first = clampedDay(y, m, calendar.day).getTime() >= start ? 0 : 1
    return clampedDay(y, m + first + index, calendar.day)
  }
  const monthIndex = (calendar.month ?? 1) - 1
  const first = clampedDay(y, monthIndex, calendar.day).getTime() >= start ? 0 : 1
  return clampedDay(y + first + index, monthIndex, calendar.day)
}

/** The periods that have started by `now` (their count), within the schedule's `count` if it has one. */
export function periodsStartedBy(calendar: ScheduleCalendar, count: number | null, now: Date): number {
  let started = 0
  while ((count === null || started < count) && periodStart(calendar, started).getTime() <= now.getTime()) started++
  return started
}

import type { ScheduleCalendar, ScheduleInterval } from '../schedule/schedulePeriods.ts'

const DAY_MS = 86_400_000

/**
 * A subscription's calendar: its first charge on the day it starts (after the trial), each next a
 * week, a month or a year on, on the same weekday or day of the month (the 31st is a short month's last).
 */
export function subscriptionCalendar(interval: ScheduleInterval, startedAt: Date, trialDays: number): ScheduleCalendar {
  const first = new Date(startedAt.getTime() + trialDays * DAY_MS)
  const startsOn = first.toISOString().slice(0, 10)
  if (interval === 'week') return { interval, day: ((first.getUTCDay() + 6) % 7) + 1, startsOn }
  if (interval === 'month') return { interval, day: first.getUTCDate(), startsOn }
  return { interval, day: first.getUTCDate(), month: first.getUTCMonth() + 1, startsOn }
}

/** The length of one period in seconds, as a periodic permission counts it (a month as 30 days, a year as 365). */
export const PERIOD_SECONDS: Record<ScheduleInterval, number> = {
  week: 7 * 86_400,
  month: 30 * 86_400,
  year: 365 * 86_400,
}

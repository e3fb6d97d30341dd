import { SCHEDULE_INTERVALS, type ScheduleCalendar, type ScheduleInterval } from './schedulePeriods.ts'
import { emailProblem } from '../emailAddress.ts'
import { LANGUAGES, type Locale } from '../locales.ts'

/** The most periods a schedule may have when it has an end: ten years of weeks. */
export const MAX_PERIODS = 520
/** The longest a period's request may stay payable. */
export const MAX_DUE_DAYS = 365

/** A schedule's calendar and cadence as typed (the request's own terms are checked by the request rules). */
export type ScheduleDraft = {
  interval: string
  day: number
  month?: number | null
  startsOn: string
  /** How many periods; null or absent: until stopped. */
  count?: number | null
  /** Days each period's request stays payable. */
  dueDays: number
  payerEmail?: string | null
  /** The language of the e-mails to `payerEmail`; English unless given. */
  payerLanguage?: string | null
}

export type CheckedSchedule = ScheduleCalendar & {
  count: number | null
  dueDays: number
  payerEmail: string | null
  payerLanguage: Locale
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/

/** Every problem of a schedule's calendar, each naming its field; today is the first day it may start on. */
export function checkScheduleDraft(
  draft: ScheduleDraft,
  now: Date,
): { ok: true; schedule: CheckedSchedule } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const interval = draft.interval as ScheduleInterval
  if (!SCHEDULE_INTERVALS.includes(interval)) errors.interval = 'interval must be week, month or year.'
  if (interval === 'week' && !(Number.isInteger(draft.day) && draft.day >= 1 && draft.day <= 7))
    errors.day = 'day must be a weekday from 1 (Monday) to 7 (Sunday) for a weekly schedule.'
  if (interval !== 'week' && !(Number.isInteger(draft.day) && draft.day >= 1 && draft.day <= 31))
    errors.day = 'day must be a day of the month from 1 to 31.'
  if (interval === 'year') {
    const month = draft.month ?? NaN
    if (!(Number.isInteger(month) && month >= 1 && month <= 12))
      errors.month = 'month must be from 1 (January) to 12 (December) for a yearly schedule.'
    else if (!errors.day && draft.day > [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!)
      errors.day = `day ${draft.day} does not exist in month ${month}.`
  }
  const match = isoDay.exec(draft.startsOn.trim())
  const start = match ? new Date(`${match[0]}T00:00:00Z`) : undefined
  const today = now.toISOString().slice(0, 10)
  if (!start || Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== match![0])
    errors.startsOn = 'startsOn must be a date as YYYY-MM-DD.'
  else if (match![0] < today)
    errors.startsOn = `startsOn is in the past: the first period may start today (${today}) or later.`
  const count = draft.count ?? null
  if (count !== null && !(Number.isInteger(count) && count >= 1))
    errors.count = 'count must be at least 1 period; leave it out to issue until the schedule is stopped.'
  else if (count !== null && count > MAX_PERIODS) errors.count = `count must be at most ${MAX_PERIODS} periods.`
  if (!(Number.isInteger(draft.dueDays) && draft.dueDays >= 1 && draft.dueDays <= MAX_DUE_DAYS))
    errors.dueDays = `dueDays must be a whole number of days from 1 to ${MAX_DUE_DAYS}.`
  const payerEmail = draft.payerEmail?.trim() ? draft.payerEmail : null
  const emailError = payerEmail === null ? undefined : emailProblem('payerEmail', payerEmail)
  if (emailError) errors.payerEmail = emailError
  const payerLanguage = draft.payerLanguage ?? 'en'
  if (!(payerLanguage in LANGUAGES))
    errors.payerLanguage = `payerLanguage must be one of ${Object.keys(LANGUAGES).join(', ')}.`
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    schedule: {
      interval,
      day: draft.day,
      month: interval === 'year' ? draft.month! : null,
      startsOn: match![0],
      count,
      dueDays: draft.dueDays,
      payerEmail: payerEmail && payerEmail.trim(),
      payerLanguage: payerLanguage as Locale,
    },
  }
}

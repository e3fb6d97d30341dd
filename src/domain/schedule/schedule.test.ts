import { describe, expect, it } from 'vitest'
import { checkScheduleDraft } from './scheduleDraft.ts'
import { periodsStartedBy, periodStart } from './schedulePeriods.ts'

const day = (date: Date) => date.toISOString().slice(0, 10)
const starts = (calendar: Parameters<typeof periodStart>[0], n: number) =>
  Array.from({ length: n }, (_, i) => day(periodStart(calendar, i)))

describe('a schedule’s periods', () => {
  it('falls on the last day of a month without the day asked, and comes back to it after', () => {
    expect(starts({ interval: 'month', day: 31, startsOn: '2027-01-05' }, 5)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ])
    expect(day(periodStart({ interval: 'month', day: 30, startsOn: '2028-02-01' }, 0))).toBe('2028-02-29')
  })

  it('starts on the first matching day on or after its start date, weekly and yearly too', () => {
    // 2027-03-10 is a Wednesday: a Monday schedule begins the 15th; a Wednesday one that very day.
    expect(starts({ interval: 'week', day: 1, startsOn: '2027-03-10' }, 3)).toEqual([
      '2027-03-15',
      '2027-03-22',
      '2027-03-29',
    ])
    expect(day(periodStart({ interval: 'week', day: 3, startsOn: '2027-03-10' }, 0))).toBe('2027-03-10')
    expect(starts({ interval: 'month', day: 1, startsOn: '2027-03-10' }, 2)).toEqual(['2027-04-01', '2027-05-01'])
    expect(starts({ interval: 'year', day: 29, month: 2, startsOn: '2027-06-01' }, 3)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
    ])
  })

  it('counts the periods started by a moment, never more than the schedule has', () => {
    const calendar = { interval: 'month' as const, day: 1, startsOn: '2027-01-01' }
    expect(periodsStartedBy(calendar, null, new Date('2026-12-31T23:59:59Z'))).toBe(0)
    expect(periodsStartedBy(calendar, null, new Date('2027-01-01T00:00:00Z'))).toBe(1)
    expect(periodsStartedBy(calendar, null, new Date('2027-12-15T00:00:00Z'))).toBe(12)
    expect(periodsStartedBy(calendar, 3, new Date('2027-12-15T00:00:00Z'))).toBe(3)
  })
})

describe('a schedule draft', () => {
  const now = new Date('2027-03-10T12:00:00Z')
  const base = { interval: 'month', day: 31, startsOn: '2027-03-10', dueDays: 14 }
  const errors = (draft: Partial<Parameters<typeof checkScheduleDraft>[0]>) => {
    const checked = checkScheduleDraft({ ...base, ...draft }, now)
    return checked.ok ? {} : checked.errors
  }

  it('takes the 31st of every month, from today, until stopped', () => {
    expect(checkScheduleDraft(base, now)).toMatchObject({ ok: true, schedule: { count: null, day: 31 } })
  })

  it('refuses no periods, a start in the past, a day a month never has, and a long or injected e-mail, naming each field', () => {
    expect(errors({ count: 0 })).toEqual({
      count: 'count must be at least 1 period; leave it out to issue until the schedule is stopped.',
    })
    expect(errors({ startsOn: '2027-03-09' })).toEqual({
      startsOn: 'startsOn is in the past: the first period may start today (2027-03-10) or later.',
    })
    expect(errors({ startsOn: '2027-02-30' })).toEqual({ startsOn: 'startsOn must be a date as YYYY-MM-DD.' })
    expect(errors({ interval: 'year', month: 2, day: 30 })).toEqual({ day: 'day 30 does not exist in month 2.' })
    expect(errors({ interval: 'week', day: 8 })).toHaveProperty('day')
    expect(errors({ interval: 'fortnight' })).toHaveProperty('interval')
    expect(errors({ dueDays: 0 })).toHaveProperty('dueDays')
    expect(errors({ payerEmail: `${'a'.repeat(288)}@example.com` })).toEqual({
      payerEmail: 'payerEmail can be at most 254 characters.',
    })
    expect(errors({ payerEmail: 'a@b.c\r\nBcc: x@y.z' })).toEqual({
      payerEmail: 'payerEmail must be one address with no line breaks or control characters.',
    })
  })
})

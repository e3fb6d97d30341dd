import { fillText } from '../../i18n/fill.tsx'
import { graphql } from '../../graphql/graphql.ts'

export const SCHEDULES_KEY = ['my-schedules']

export const MySchedulesQuery = graphql(`
  query MySchedules {
    mySchedules {
      id
      chainId
      symbol
      amountDecimal
      memo
      interval
      day
      month
      startsOn
      count
      state
      endedBecause
      nextAt
      upcoming
      linkPath
      periods {
        id
        status
        memo
        dueAt
        amountDecimal
        symbol
      }
    }
  }
`)

export const PrepareScheduleMutation = graphql(`
  mutation PrepareSchedule($input: ScheduleInput!) {
    prepareSchedule(input: $input) {
      id
      payee
      delegate
      keyName
      expiresAt
      walletSigns
    }
  }
`)

export const CreateScheduleMutation = graphql(`
  mutation CreateSchedule($id: String!, $signature: String) {
    createSchedule(id: $id, delegationSignature: $signature) {
      id
      linkPath
    }
  }
`)

export const PauseScheduleMutation = graphql(`
  mutation PauseSchedule($id: String!) {
    pauseSchedule(id: $id) {
      id
      state
    }
  }
`)
export const ResumeScheduleMutation = graphql(`
  mutation ResumeSchedule($id: String!) {
    resumeSchedule(id: $id) {
      id
      state
    }
  }
`)
export const StopScheduleMutation = graphql(`
  mutation StopSchedule($id: String!) {
    stopSchedule(id: $id) {
      id
      state
    }
  }
`)

/** The seven weekdays from Monday, named in `locale`. */
export const weekdayNames = (locale: string) =>
  Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + i)),
  )

/** The twelve months, named in `locale`. */
export const monthNames = (locale: string) =>
  Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, i, 1)),
  )

type CadenceWords = Record<'week' | 'month' | 'monthLast' | 'year' | 'leapDay', string>

/** "Every month on day 31 (or the month's last day)", as the payee reads their schedule, in `words` and `locale`. */
export function cadence(
  s: { interval: string; day: number; month?: number | null },
  words: CadenceWords,
  locale: string,
): string {
  if (s.interval === 'week') return fillText(words.week, { weekday: weekdayNames(locale)[s.day - 1] ?? s.day })
  if (s.interval === 'month') return fillText(s.day > 28 ? words.monthLast : words.month, { day: s.day })
  // 2024 is a leap year: 29 February has a name.
  const date = new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(2024, (s.month ?? 1) - 1, s.day),
  )
  return fillText(s.month === 2 && s.day === 29 ? words.leapDay : words.year, { date })
}

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
    }
  }
`)

export const CreateScheduleMutation = graphql(`
  mutation CreateSchedule($id: String!, $signature: String!) {
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

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
export { MONTHS, WEEKDAYS }

/** "Every month on the 31st (or the month's last day)", as the payee reads their schedule. */
export function cadence(s: { interval: string; day: number; month?: number | null }): string {
  if (s.interval === 'week') return `Every week on ${WEEKDAYS[s.day - 1]}`
  const last = s.day > 28 ? ' (or the month’s last day)' : ''
  if (s.interval === 'month') return `Every month on day ${s.day}${last}`
  return `Every year on ${MONTHS[(s.month ?? 1) - 1]} ${s.day}${s.month === 2 && s.day === 29 ? ' (28 in other years)' : ''}`
}

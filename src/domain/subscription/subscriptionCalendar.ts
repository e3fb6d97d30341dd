import type { ScheduleInterval } from '../schedule/schedulePeriods.ts'

/**
 * The length of one period in seconds, as the chain's periodic permission counts it: a week, 30 days
 * for a month, 365 for a year. Billfold charges on the same clock, so each charge falls in a period
 * of its own on chain and a second one in the same period is refused there.
 */
export const PERIOD_SECONDS: Record<ScheduleInterval, number> = {
  week: 7 * 86_400,
  month: 30 * 86_400,
  year: 365 * 86_400,
}

/** The start of period `index` (0 is the first) of a subscription that starts at `startsAt`. */
export const subscriptionPeriodStart = (
  subscription: { interval: ScheduleInterval; startsAt: Date },
  index: number,
): Date => new Date(subscription.startsAt.getTime() + index * PERIOD_SECONDS[subscription.interval] * 1000)

import { SCHEDULE_INTERVALS, type ScheduleInterval } from '../schedule/schedulePeriods.ts'
import { MAX_PERIODS } from '../schedule/scheduleDraft.ts'

/** The longest trial a plan may give. */
export const MAX_TRIAL_DAYS = 365
/** The most tries after a failed charge before the subscription pauses, and the latest day one may be on. */
const MAX_DUNNING_TRIES = 10
const MAX_DUNNING_DAY = 60

/** A plan's cadence as typed (its amount and token are checked by the request rules). */
export type PlanDraft = {
  name: string
  interval: string
  trialDays?: number | null
  /** How many periods; null or absent: until cancelled. */
  count?: number | null
  /** YYYY-MM-DD: no period starts on or after it. */
  endsOn?: string | null
  /** Days after a failed charge on which it is tried again (1, 3, 7 unless given). */
  dunningDays?: readonly number[] | null
}

export type CheckedPlan = {
  name: string
  interval: ScheduleInterval
  trialDays: number
  count: number | null
  endsOn: string | null
  dunningDays: number[]
}

export const DEFAULT_DUNNING_DAYS = [1, 3, 7]
const MAX_NAME_LENGTH = 120
const isoDay = /^\d{4}-\d{2}-\d{2}$/

/** Every problem of a plan's cadence, each naming its field. */
export function checkPlanDraft(
  draft: PlanDraft,
  now: Date,
): { ok: true; plan: CheckedPlan } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const name = draft.name.trim()
  if (!name) errors.name = 'name is required: the payer reads it on their wallet and their page.'
  else if ([...name].length > MAX_NAME_LENGTH) errors.name = `name must be at most ${MAX_NAME_LENGTH} characters.`
  const interval = draft.interval as ScheduleInterval
  if (!SCHEDULE_INTERVALS.includes(interval)) errors.interval = 'interval must be week, month or year.'
  const trialDays = draft.trialDays ?? 0
  if (!(Number.isInteger(trialDays) && trialDays >= 0 && trialDays <= MAX_TRIAL_DAYS))
    errors.trialDays = `trialDays must be a whole number of days from 0 to ${MAX_TRIAL_DAYS}.`
  const count = draft.count ?? null
  if (count !== null && !(Number.isInteger(count) && count >= 1 && count <= MAX_PERIODS))
    errors.count = `count must be from 1 to ${MAX_PERIODS} periods; leave it out to charge until cancelled.`
  const endsOn = draft.endsOn?.trim() || null
  const today = now.toISOString().slice(0, 10)
  if (endsOn !== null && (!isoDay.test(endsOn) || Number.isNaN(Date.parse(`${endsOn}T00:00:00Z`))))
    errors.endsOn = 'endsOn must be a date as YYYY-MM-DD.'
  else if (endsOn !== null && endsOn <= today) errors.endsOn = `endsOn must be after today (${today}).`
  const dunningDays = [...(draft.dunningDays ?? DEFAULT_DUNNING_DAYS)]
  const increasing = dunningDays.every((d, i) => Number.isInteger(d) && d >= 1 && (i === 0 || d > dunningDays[i - 1]!))
  if (!increasing || dunningDays.length > MAX_DUNNING_TRIES || dunningDays.some((d) => d > MAX_DUNNING_DAY))
    errors.dunningDays = `dunningDays must be at most ${MAX_DUNNING_TRIES} increasing days from 1 to ${MAX_DUNNING_DAY}, e.g. [1, 3, 7].`
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, plan: { name, interval, trialDays, count, endsOn, dunningDays } }
}

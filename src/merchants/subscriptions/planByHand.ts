import { and, count as countRows, eq, isNull, sql } from 'drizzle-orm'
import { getAddress, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, schedules } from '../../db/schema.ts'
import { formatAmount } from '../../domain/amount.ts'
import { RateLimitedError } from '../../domain/errors/access.ts'
import { badInput } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { MAX_PERIODS } from '../../domain/schedule/scheduleDraft.ts'
import { periodStart, type ScheduleCalendar } from '../../domain/schedule/schedulePeriods.ts'
import { findApiKey } from '../apiKeys.ts'
import { createKeySchedule, type ScheduleRow } from '../schedules/scheduleStore.ts'
import type { PlanRow } from './planStore.ts'

const DAY_MS = 86_400_000
/** Each period's request stays payable two weeks, as a schedule's does unless told otherwise. */
const DUE_DAYS = 14
/**
 * Anyone may ask for any address, so the schedules of a plan whose payer has paid nothing yet are
 * bounded: past this many, no more are made until some are paid or stopped.
 */
export const MAX_UNPAID_BY_HAND = 50

/**
 * Paying a plan each period by hand, for a payer whose wallet grants no permission the chain
 * enforces (or who would rather not grant one): a schedule of the plan's terms for that payer, its
 * requests signed by the plan's delegate (authorised by the payee's wallet with the plan), each
 * period a request on its own pay page. Asking again for the same payer gives the same schedule.
 */
export async function scheduleForPlan(
  db: Db,
  assets: readonly Asset[],
  plan: PlanRow,
  payer: Address,
  contact: { payerEmail: string | null; payerLanguage: string | null },
  now: Date,
): Promise<ScheduleRow> {
  if (plan.currency !== null)
    throw badInput('planId', 'is priced in a currency: it is paid each period by hand only with a permission.')
  const [open] = await db
    .select()
    .from(schedules)
    .where(
      and(eq(schedules.apiKeyId, plan.apiKeyId), eq(schedules.payer, getAddress(payer)), isNull(schedules.stoppedAt)),
    )
  if (open) return open
  const [{ unpaid }] = (await db
    .select({ unpaid: countRows() })
    .from(schedules)
    .where(
      and(
        eq(schedules.apiKeyId, plan.apiKeyId),
        isNull(schedules.stoppedAt),
        sql`not exists (select 1 from ${paymentRequests} r where r.schedule_id = ${schedules.id}
          and r.status in ('paid', 'overpaid'))`,
      ),
    )) as [{ unpaid: number }]
  if (unpaid >= MAX_UNPAID_BY_HAND)
    throw new RateLimitedError({
      field: 'planId',
      shortMessage: `${MAX_UNPAID_BY_HAND} payers of this plan are to pay their first period by hand and have not yet: no more until some have paid. Grant a permission instead, or ask the payee.`,
    })
  const asset = assets.find((a) => a.chainId === plan.chainId && a.address === plan.asset)
  if (!asset) throw badInput('planId', 'is in a token this Billfold no longer offers.')
  const key = await findApiKey(db, plan.apiKeyId)
  if (!key) throw badInput('planId', 'has no delegate to sign its periods: the payee must make the plan again.')
  const calendar = planCalendar(plan, new Date(now.getTime() + plan.trialDays * DAY_MS))
  const count = periodsOf(plan, calendar)
  if (count === 0) throw badInput('planId', 'has ended: no period is left to pay.')
  return createKeySchedule(
    db,
    assets,
    key,
    {
      ...calendar,
      count,
      dueDays: DUE_DAYS,
      chainId: plan.chainId,
      asset: plan.asset,
      // The schedule reads a decimal amount, as typed: the plan keeps base units.
      amount: formatAmount(BigInt(plan.amount), asset.decimals),
      payer,
      memo: plan.name,
      payerEmail: contact.payerEmail,
      payerLanguage: contact.payerLanguage,
    },
    now,
  )
}

/** The plan's cadence from the day its first paid period starts (after any trial). */
function planCalendar(plan: PlanRow, first: Date): ScheduleCalendar {
  const startsOn = first.toISOString().slice(0, 10)
  if (plan.interval === 'week') return { interval: 'week', day: ((first.getUTCDay() + 6) % 7) + 1, startsOn }
  if (plan.interval === 'month') return { interval: 'month', day: first.getUTCDate(), startsOn }
  return { interval: 'year', day: first.getUTCDate(), month: first.getUTCMonth() + 1, startsOn }
}

/** How many periods are left: the plan's count, and none starting on or after its end. */
function periodsOf(plan: PlanRow, calendar: ScheduleCalendar): number | null {
  if (plan.endsOn === null) return plan.count
  const end = new Date(`${plan.endsOn}T00:00:00Z`).getTime()
  const limit = Math.min(plan.count ?? MAX_PERIODS, MAX_PERIODS)
  let periods = 0
  while (periods < limit && periodStart(calendar, periods).getTime() < end) periods++
  return periods
}

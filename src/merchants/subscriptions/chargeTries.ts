import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { subscriptionCharges, subscriptionPlans, subscriptions } from '../../db/schema.ts'
import type { ChargeReason } from '../../domain/subscription/chargeReason.ts'
import { issuePricedPeriodRequest, type PricedPeriodOptions } from './pricedPeriodRequest.ts'
import { moveSubscription, type ChargeRow } from './subscriptionStore.ts'

const DAY_MS = 86_400_000

/**
 * A try that could not charge: the period is past due and tried again on the plan's dunning days
 * (counted from the period's first failure); after the last, the subscription pauses.
 */
export async function failTry(
  options: PricedPeriodOptions & { now: () => Date },
  charge: ChargeRow,
  reason: ChargeReason,
): Promise<'past_due' | 'given_up'> {
  const { db, now } = options
  const [row] = await db
    .select({ dunningDays: subscriptionPlans.dunningDays, state: subscriptions.state })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.id, charge.subscriptionId))
  const attempts = charge.attempts + 1
  const retryDay = row!.dunningDays[attempts - 1]
  if (retryDay === undefined) {
    await finish(db, charge, { state: 'given_up', attempts, ...stored(reason) })
    await moveSubscription(db, charge.subscriptionId, 'paused', now())
    return 'given_up'
  }
  // A priced period's by-hand payment gets a priced request of its own, quoted when the payer pays.
  const pricedRequestId =
    charge.pricedRequestId ?? (charge.currency === null ? null : await issuePricedPeriodRequest(options, charge))
  const firstFailure =
    charge.attempts === 0
      ? now()
      : new Date(charge.nextTryAt.getTime() - lastDay(row!.dunningDays, charge.attempts) * DAY_MS)
  await finish(db, charge, {
    state: 'past_due',
    attempts,
    ...stored(reason),
    pricedRequestId,
    nextTryAt: new Date(firstFailure.getTime() + retryDay * DAY_MS),
  })
  if (row!.state === 'active') await moveSubscription(db, charge.subscriptionId, 'past_due', now())
  return 'past_due'
}

/** A reason as the charge row keeps it: a code and its parameters (none once charged). */
export const stored = (reason: ChargeReason | null) => ({
  reasonCode: reason?.code ?? null,
  reasonParams: reason?.params ?? null,
})

/** The dunning day of the try before this one (0 for the first). */
const lastDay = (days: readonly number[], attempts: number) => days[attempts - 1] ?? 0

export function finish(db: Db, charge: ChargeRow, set: Partial<ChargeRow>) {
  return db
    .update(subscriptionCharges)
    .set({ ...set, claimedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(subscriptionCharges.id, charge.id), eq(subscriptionCharges.state, 'charging')))
}

import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { getAddress, isAddress, type Address, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { subscriptionCharges, subscriptions, type SubscriptionState } from '../../db/schema.ts'
import { emailProblem } from '../../domain/emailAddress.ts'
import { LANGUAGES } from '../../domain/locales.ts'
import { periodStart } from '../../domain/schedule/schedulePeriods.ts'
import { isShortId, newShortId } from '../../domain/shortId.ts'
import { subscriptionCalendar } from '../../domain/subscription/subscriptionCalendar.ts'
import type { PlanRow } from './planStore.ts'
import type { SubscriptionPermissions } from './subscriptionPermissions.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { fieldErrors } from '../../domain/errors/input.ts'
import { PermissionMismatchError, SubscriptionEndedError } from '../../domain/errors/subscription.ts'

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type ChargeRow = typeof subscriptionCharges.$inferSelect

/** States in which the charger still charges a subscription's periods. */
export const CHARGED_STATES: readonly SubscriptionState[] = ['active', 'past_due']
const FINAL_STATES: readonly SubscriptionState[] = ['cancelled_by_payer', 'cancelled_by_payee', 'ended']

export type StartInput = {
  payer: string
  permission: unknown
  payerEmail?: string | null
  payerLanguage?: string | null
}

/** When a plan's last period ends for a subscription on this calendar: its end date, or after its count. */
function endOf(plan: PlanRow, calendar: ReturnType<typeof subscriptionCalendar>): Date | null {
  const byCount = plan.count === null ? null : periodStart(calendar, plan.count).getTime()
  const byDate = plan.endsOn === null ? null : Date.parse(`${plan.endsOn}T00:00:00Z`)
  const ends = [byCount, byDate].filter((t): t is number => t !== null)
  return ends.length === 0 ? null : new Date(Math.min(...ends))
}

/**
 * A payer starts a plan with the permission their wallet granted: checked against the plan's terms
 * (the permission module reads the grant and the chain), then stored; its first period is due on
 * its first day (after the trial), which the charger takes at once when that is today.
 */
export async function startSubscription(
  db: Db,
  client: PublicClient,
  permissions: SubscriptionPermissions,
  plan: PlanRow,
  input: StartInput,
  now = new Date(),
): Promise<SubscriptionRow> {
  const errors: Record<string, string | undefined> = {}
  if (!isAddress(input.payer, { strict: false }))
    errors.payer = 'payer must be an Ethereum address: 0x followed by 40 hex characters.'
  const payerEmail = input.payerEmail?.trim() || null
  if (payerEmail) errors.payerEmail = emailProblem('payerEmail', payerEmail)
  const payerLanguage = input.payerLanguage ?? 'en'
  if (!(payerLanguage in LANGUAGES))
    errors.payerLanguage = `payerLanguage must be one of ${Object.keys(LANGUAGES).join(', ')}.`
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  const calendar = subscriptionCalendar(plan.interval, now, plan.trialDays)
  const first = periodStart(calendar, 0)
  const endsAt = endOf(plan, calendar)
  const granted = await permissions.verify(client, input.permission, {
    chainId: plan.chainId,
    payer: getAddress(input.payer),
    payee: getAddress(plan.payee),
    token: getAddress(plan.asset),
    periodCap: BigInt(plan.amount),
    interval: plan.interval,
    startsAt: first,
    endsAt,
  })
  if (granted.expiresAt !== null && granted.expiresAt <= first)
    throw new PermissionMismatchError({
      field: 'permission',
      shortMessage: 'The permission ends before the first charge: grant one that lasts the plan.',
    })
  const [row] = await db
    .insert(subscriptions)
    .values({
      id: newShortId(),
      planId: plan.id,
      payee: plan.payee,
      payer: getAddress(input.payer),
      payerEmail,
      payerLanguage,
      chainId: plan.chainId,
      asset: plan.asset,
      periodCap: plan.amount,
      interval: calendar.interval,
      day: calendar.day,
      month: calendar.month ?? null,
      startsOn: calendar.startsOn,
      count: plan.count,
      permission: granted.data,
      permissionExpiresAt: granted.expiresAt,
      nextAt: first,
    })
    .returning()
  return row!
}

/** A subscription by its id, which its payer's page carries (an id nobody can guess). */
export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow> {
  const [row] = isShortId(id) ? await db.select().from(subscriptions).where(eq(subscriptions.id, id)) : []
  if (!row) throw new NotFoundError({ field: 'id', shortMessage: 'There is no subscription with this id.' })
  return row
}

export async function ownSubscription(db: Db, payee: Address, id: string): Promise<SubscriptionRow> {
  const row = await findSubscription(db, id).catch(() => undefined)
  if (!row || row.payee !== getAddress(payee))
    throw new NotFoundError({ field: 'id', shortMessage: 'You have no subscription with this id.' })
  return row
}

/** A payee's subscriptions (of one plan, or all), newest first. */
export function listSubscriptions(db: Db, payee: Address, planId?: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.payee, getAddress(payee)), planId ? eq(subscriptions.planId, planId) : undefined))
    .orderBy(desc(subscriptions.createdAt))
}

/** Each subscription's charges, oldest period first. */
export async function chargesOf(db: Db, ids: readonly string[]): Promise<Map<string, ChargeRow[]>> {
  const byId = new Map<string, ChargeRow[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return byId
  const rows = await db
    .select()
    .from(subscriptionCharges)
    .where(inArray(subscriptionCharges.subscriptionId, [...ids]))
    .orderBy(asc(subscriptionCharges.period))
  for (const row of rows) byId.get(row.subscriptionId)!.push(row)
  return byId
}

/** Moves a subscription to a final state (or paused / active) unless it is already final; its open charges stop. */
export async function moveSubscription(db: Db, id: string, state: SubscriptionState, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update')
    if (!row || FINAL_STATES.includes(row.state)) return row
    const [moved] = await tx
      .update(subscriptions)
      .set({ state, stateChangedAt: now })
      .where(eq(subscriptions.id, id))
      .returning()
    if (FINAL_STATES.includes(state))
      await tx
        .update(subscriptionCharges)
        .set({ state: 'cancelled', updatedAt: now })
        .where(
          and(
            eq(subscriptionCharges.subscriptionId, id),
            inArray(subscriptionCharges.state, ['due', 'past_due', 'given_up']),
          ),
        )
    return moved
  })
}

/**
 * The payer cancels: their wallet revoked the permission on chain, then their page tells Billfold.
 * The chain is the proof (no one else can revoke it), so a permission still in force is refused.
 */
export async function cancelByPayer(
  db: Db,
  client: PublicClient,
  permissions: SubscriptionPermissions,
  id: string,
): Promise<SubscriptionRow> {
  const row = await findSubscription(db, id)
  if (FINAL_STATES.includes(row.state))
    throw new SubscriptionEndedError({ field: 'id', shortMessage: 'This subscription has already ended.' })
  const check = await permissions.chargeable(client, row.permission, 0n)
  if (check.chargeable || check.because !== 'revoked')
    throw new PermissionMismatchError({
      field: 'id',
      shortMessage: 'The permission is still in force on chain: revoke it from your wallet first.',
    })
  return (await moveSubscription(db, id, 'cancelled_by_payer'))!
}

/** The payee cancels (no period is charged again), pauses or resumes a subscription of theirs. */
export async function changeSubscription(db: Db, payee: Address, id: string, change: 'cancel' | 'pause' | 'resume') {
  const row = await ownSubscription(db, payee, id)
  if (FINAL_STATES.includes(row.state))
    throw new SubscriptionEndedError({ field: 'id', shortMessage: 'This subscription has already ended.' })
  const state = change === 'cancel' ? 'cancelled_by_payee' : change === 'pause' ? 'paused' : 'active'
  return (await moveSubscription(db, id, state))!
}

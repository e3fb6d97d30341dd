import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { getAddress, type Address, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { subscriptionCharges, subscriptions, type SubscriptionState } from '../../db/schema.ts'
import { emailProblem } from '../../domain/emailAddress.ts'
import { LANGUAGES } from '../../domain/locales.ts'
import { isShortId, newShortId } from '../../domain/shortId.ts'
import { subscriptionPeriodStart } from '../../domain/subscription/subscriptionCalendar.ts'
import { findRelayer } from '../../relayer/relayerStore.ts'
import type { PlanRow } from './planStore.ts'
import { pricedCap, quotePlan, type PlanFeeds } from './quotePlan.ts'
import {
  chargeability,
  storedPermission,
  verifyGrant,
  type PermissionTerms,
  type StoredDelegation,
  type StoredPermission,
} from './subscriptionPermissions.ts'
import { isStoredPermit2 } from '../../payments/subscriptions/permit2/permit2Grant.ts'
import { permit2Chargeability } from './permit2Charges.ts'
import { GaslessUnavailableError } from '../../domain/errors/relayer.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { fieldErrors } from '../../domain/errors/input.ts'
import { PermissionMismatchError, SubscriptionEndedError } from '../../domain/errors/subscription.ts'

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type ChargeRow = typeof subscriptionCharges.$inferSelect

/** States in which the charger still charges a subscription's periods. */
export const CHARGED_STATES: readonly SubscriptionState[] = ['active', 'past_due']
const FINAL_STATES: readonly SubscriptionState[] = ['cancelled_by_payer', 'cancelled_by_payee', 'ended']

export type StartInput = {
  /** The wallet's answer to the permission request the payer's page made, or its signed Permit2 permit. */
  permission: unknown
  /** The first period's start the page asked the wallet for (unix seconds). */
  startTime: number
  payerEmail?: string | null
  payerLanguage?: string | null
}

const DAY_MS = 86_400_000
/** A plan without an end asks for a permission of five years (the longest a plan's delegate lasts). */
const OPEN_ENDED_MS = 5 * 365 * DAY_MS

/**
 * The permission a plan asks of a payer starting at `startsAt` (after the trial), redeemed by the
 * payee's relayer: a priced plan's cap is its price quoted now plus its tolerance, fixed at the grant.
 */
export async function planTerms(db: Db, plan: PlanRow, startsAt: Date, feeds?: PlanFeeds): Promise<PermissionTerms> {
  const relayer = await findRelayer(db, getAddress(plan.payee), plan.chainId)
  if (!relayer?.enabled || relayer.pausedAt)
    throw new GaslessUnavailableError({
      field: 'planId',
      shortMessage:
        "The payee's relayer on this chain is off: subscriptions cannot be charged; pay each period by its link.",
    })
  const byCount = plan.count === null ? Infinity : subscriptionPeriodStart({ ...plan, startsAt }, plan.count).getTime()
  const byDate = plan.endsOn === null ? Infinity : Date.parse(`${plan.endsOn}T00:00:00Z`)
  return {
    chainId: plan.chainId,
    payee: getAddress(plan.payee),
    token: getAddress(plan.asset),
    periodCap:
      plan.currency === null
        ? BigInt(plan.amount)
        : pricedCap((await quotePlan(feeds, plan)).amount, plan.toleranceBps),
    interval: plan.interval,
    startsAt,
    endsAt: new Date(Math.min(byCount, byDate, startsAt.getTime() + OPEN_ENDED_MS)),
    redeemer: getAddress(relayer.address),
  }
}

/** A subscription's own terms, as its permission was granted. */
export const subscriptionTerms = (s: SubscriptionRow): PermissionTerms => ({
  chainId: s.chainId,
  payee: getAddress(s.payee),
  token: getAddress(s.asset),
  periodCap: BigInt(s.periodCap),
  interval: s.interval,
  startsAt: s.startsAt,
  endsAt: s.permissionExpiresAt,
  redeemer: (s.permission as StoredPermission).redeemer,
})

/**
 * A payer starts a plan with the permission their wallet granted (an ERC-7715 permission, or a
 * Permit2 permit of the plan's total, checked against the chain's nonce with `client`): read and held
 * against exactly what the plan asks (the payer is whoever signed it), then stored; its first period
 * is due at its start (after the trial), which the charger takes at once when that is now.
 */
export async function startSubscription(
  db: Db,
  plan: PlanRow,
  input: StartInput,
  now = new Date(),
  feeds?: PlanFeeds,
  client?: PublicClient,
): Promise<SubscriptionRow> {
  const errors: Record<string, string | undefined> = {}
  const payerEmail = input.payerEmail?.trim() || null
  if (payerEmail) errors.payerEmail = emailProblem('payerEmail', payerEmail)
  const payerLanguage = input.payerLanguage ?? 'en'
  if (!(payerLanguage in LANGUAGES))
    errors.payerLanguage = `payerLanguage must be one of ${Object.keys(LANGUAGES).join(', ')}.`
  const expected = now.getTime() + plan.trialDays * DAY_MS
  if (!Number.isSafeInteger(input.startTime) || Math.abs(input.startTime * 1000 - expected) > DAY_MS)
    errors.startTime = 'startTime must be the first period’s start in unix seconds: now, or after the plan’s trial.'
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  const terms = await planTerms(db, plan, new Date(input.startTime * 1000), feeds)
  const { payer, stored } = await verifyGrant(input.permission, terms, client)
  const [row] = await db
    .insert(subscriptions)
    .values({
      id: newShortId(),
      planId: plan.id,
      payee: plan.payee,
      payer: getAddress(payer),
      payerEmail,
      payerLanguage,
      chainId: plan.chainId,
      asset: plan.asset,
      periodCap: terms.periodCap.toString(),
      interval: plan.interval,
      startsAt: terms.startsAt,
      count: plan.count,
      permission: stored,
      permissionExpiresAt: terms.endsAt,
      nextAt: terms.startsAt,
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

/** On resuming: the next period is the first that starts after now (one that began while paused is not charged). */
function skipPausedPeriods(row: SubscriptionRow, now: Date) {
  let next = row.nextPeriod
  while (subscriptionPeriodStart(row, next).getTime() <= now.getTime()) next++
  return { nextPeriod: next, nextAt: subscriptionPeriodStart(row, next) }
}

/** Moves a subscription to a final state (or paused / active) unless it is already final; its open charges stop. */
export async function moveSubscription(db: Db, id: string, state: SubscriptionState, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update')
    if (!row || FINAL_STATES.includes(row.state)) return row
    const [moved] = await tx
      .update(subscriptions)
      .set({ state, stateChangedAt: now, ...(row.state === 'paused' ? skipPausedPeriods(row, now) : {}) })
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
export async function cancelByPayer(db: Db, client: PublicClient, id: string): Promise<SubscriptionRow> {
  const row = await findSubscription(db, id)
  if (FINAL_STATES.includes(row.state))
    throw new SubscriptionEndedError({ field: 'id', shortMessage: 'This subscription has already ended.' })
  const terms = subscriptionTerms(row)
  const stored = row.permission as StoredPermission
  const check = isStoredPermit2(stored)
    ? await permit2Chargeability(client, stored, getAddress(row.payee), 0n, terms.redeemer)
    : await chargeability(client, await storedPermission(stored as StoredDelegation, terms), 0n, terms.redeemer)
  if (check.chargeable || !check.revoked)
    throw new PermissionMismatchError({
      field: 'id',
      shortMessage: 'The permission is still in force on chain: revoke it from your wallet first.',
    })
  return (await moveSubscription(db, id, 'cancelled_by_payer'))!
}

/** The payee cancels (no period is charged again), pauses or resumes a subscription of theirs. */
export async function changeSubscription(
  db: Db,
  payee: Address,
  id: string,
  change: 'cancel' | 'pause' | 'resume',
  now = new Date(),
) {
  const row = await ownSubscription(db, payee, id)
  if (FINAL_STATES.includes(row.state))
    throw new SubscriptionEndedError({ field: 'id', shortMessage: 'This subscription has already ended.' })
  const state = change === 'cancel' ? 'cancelled_by_payee' : change === 'pause' ? 'paused' : 'active'
  return (await moveSubscription(db, id, state, now))!
}

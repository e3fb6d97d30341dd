import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Address, Hex } from 'viem'
import { paymentRequests, relays, subscriptionCharges, subscriptions } from '../../db/schema.ts'
import { clientOf, type RelayerServices } from '../../relayer/relayerServices.ts'
import { cancelUnpaidRequest, findPaymentRequest } from '../../payments/repository/paymentRequests.ts'
import { sendCharge } from './sendCharge.ts'
import { chargeReason } from '../../domain/subscription/chargeReason.ts'
import { ApiError } from '../../domain/errors/apiError.ts'
import { GaslessUnavailableError } from '../../domain/errors/relayer.ts'
import type { PricedPeriodOptions } from './pricedPeriodRequest.ts'
import { failTry, finish, stored } from './chargeTries.ts'
import { valuePricedCharges } from './pricedChargeValues.ts'
import { chargeCall } from '../../payments/subscriptions/permission/chargeCall.ts'
import { isStoredPermit2 } from '../../payments/subscriptions/permit2/permit2Grant.ts'
import { preparePermit2Charge } from './permit2Charges.ts'
import {
  chargeability,
  storedPermission,
  type Chargeability,
  type StoredDelegation,
  type StoredPermission,
} from './subscriptionPermissions.ts'
import { moveSubscription, subscriptionTerms, type ChargeRow } from './subscriptionStore.ts'

/** How long a server holds a charge it took; past it (the server died mid-charge) another one takes it over. */
export const CHARGE_LEASE_MS = 60_000

export type ChargerOptions = PricedPeriodOptions & {
  relayer: RelayerServices
  now: () => Date
}

export type ChargeOutcome = {
  charge: ChargeRow
  outcome: 'sent' | 'past_due' | 'given_up' | 'cancelled' | 'paid' | 'waiting'
}

/**
 * Charges every period due (new, or past due and at its next try), one claim at a time: the charge
 * row is leased in the database (a server killed mid-charge leaves it to another once the lease runs
 * out), then the chain is asked first; only a charge it would take is sent, by the payee's relayer
 * with its checks and budgets. The same period again is the same relay, and the permission's
 * period cap on chain is the last word.
 */
export async function chargeDuePeriods(options: ChargerOptions): Promise<ChargeOutcome[]> {
  await settleCharges(options)
  const done: ChargeOutcome[] = []
  for (;;) {
    const charge = await claimCharge(options)
    if (!charge) return done
    done.push({ charge, outcome: await chargeOne(options, charge) })
  }
}

async function claimCharge({ db, now }: ChargerOptions): Promise<ChargeRow | undefined> {
  const at = now()
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .select()
      .from(subscriptionCharges)
      .where(
        and(
          inArray(subscriptionCharges.state, ['due', 'past_due', 'charging']),
          lte(subscriptionCharges.nextTryAt, at),
          or(isNull(subscriptionCharges.claimedUntil), lt(subscriptionCharges.claimedUntil, at)),
        ),
      )
      .limit(1)
      .for('update', { skipLocked: true })
    if (!charge) return undefined
    const [claimed] = await tx
      .update(subscriptionCharges)
      .set({ state: 'charging', claimedUntil: new Date(at.getTime() + CHARGE_LEASE_MS), updatedAt: at })
      .where(eq(subscriptionCharges.id, charge.id))
      .returning()
    // The state it had before the claim decides what a failure means (a first try, or a retry).
    return { ...claimed!, state: charge.state }
  })
}

async function chargeOne(options: ChargerOptions, charge: ChargeRow): Promise<ChargeOutcome['outcome']> {
  const { db, relayer } = options
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, charge.subscriptionId))
  if (!subscription || !['active', 'past_due'].includes(subscription.state)) {
    await finish(db, charge, { state: 'cancelled' })
    return 'cancelled'
  }
  const request = await findPaymentRequest(db, charge.requestId)
  const byHand = charge.pricedRequestId ? await findPaymentRequest(db, charge.pricedRequestId) : undefined
  if (!request || [request, byHand].some((r) => r && ['paid', 'overpaid'].includes(r.status))) {
    await finish(db, charge, { state: 'paid' })
    return 'paid'
  }
  // A server killed after sending leaves its relay: the period is on its way, not to be asked of the chain again.
  const [sent] = await db
    .select({ id: relays.id })
    .from(relays)
    .where(
      and(
        eq(relays.requestId, request.id),
        eq(relays.kind, 'payment'),
        inArray(relays.state, ['waiting', 'signed', 'sent', 'mined']),
      ),
    )
  if (sent) {
    await finish(db, charge, { state: 'sent', relayId: sent.id, ...stored(null) })
    return 'sent'
  }
  const amount = BigInt(charge.amount)
  const client = clientOf(relayer, subscription.chainId)
  const terms = subscriptionTerms(subscription)
  const granted = subscription.permission as StoredPermission
  const overCap: Chargeability | undefined =
    amount > terms.periodCap
      ? {
          chargeable: false,
          revoked: false,
          reason: chargeReason(charge.quote === null ? 'above_cap' : 'quote_above_cap'),
        }
      : undefined
  let check: Chargeability
  let call: { to: Address; data: Hex }
  if (isStoredPermit2(granted)) {
    const prepared = await preparePermit2Charge(relayer, request, granted, amount, overCap)
    if (prepared === 'waiting') return 'waiting'
    ;({ check, call } = prepared)
  } else {
    const verified = await storedPermission(granted as StoredDelegation, terms)
    check = overCap ?? (await chargeability(client, verified, amount, terms.redeemer))
    call = chargeCall(verified.context, verified.permission, amount)
  }
  if (!check.chargeable && check.revoked) {
    await moveSubscription(db, subscription.id, 'cancelled_by_payer', options.now())
    await finish(db, charge, { state: 'cancelled', ...stored(check.reason) })
    return 'cancelled'
  }
  if (!check.chargeable) return failTry(options, charge, check.reason)
  try {
    const relay = await sendCharge(relayer, request, call)
    await finish(db, charge, { state: 'sent', relayId: relay.id, ...stored(null) })
    return 'sent'
  } catch (error) {
    const details = error instanceof ApiError ? error.shortMessage : String(error)
    return failTry(
      options,
      charge,
      chargeReason(error instanceof GaslessUnavailableError ? 'relayer_unavailable' : 'send_failed', details),
    )
  }
}

/**
 * Charges whose request is paid (by the relay, or by hand from the pay page) read paid, and their
 * subscription is active again (a priced plan's charge valued at its quote in the books); a sent charge whose relay reverted or expired is past due.
 */
async function settleCharges(options: ChargerOptions) {
  const { db, now } = options
  const paid = await db
    .update(subscriptionCharges)
    .set({ state: 'paid', updatedAt: sql`now()` })
    .where(
      and(
        inArray(subscriptionCharges.state, ['sent', 'past_due', 'given_up']),
        sql`exists (select 1 from ${paymentRequests} r where r.id in (${subscriptionCharges.requestId},
          ${subscriptionCharges.pricedRequestId}) and r.status in ('paid', 'overpaid'))`,
      ),
    )
    .returning({
      subscriptionId: subscriptionCharges.subscriptionId,
      requestId: subscriptionCharges.requestId,
      pricedRequestId: subscriptionCharges.pricedRequestId,
    })
  for (const { subscriptionId, requestId, pricedRequestId } of paid) {
    // Paid one way, the period's other request (by relay, or by hand) is no longer to be paid.
    for (const id of [requestId, pricedRequestId])
      if (id && (await findPaymentRequest(db, id))?.status === 'open') await cancelUnpaidRequest(db, id)
    const [open] = await db
      .select({ id: subscriptionCharges.id })
      .from(subscriptionCharges)
      .where(
        and(
          eq(subscriptionCharges.subscriptionId, subscriptionId),
          inArray(subscriptionCharges.state, ['past_due', 'given_up']),
        ),
      )
      .limit(1)
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId))
    if (!open && subscription && ['past_due', 'paused'].includes(subscription.state))
      await moveSubscription(db, subscriptionId, 'active', now())
  }
  await valuePricedCharges(db)
  const failed = await db
    .select()
    .from(subscriptionCharges)
    .innerJoin(relays, eq(relays.id, subscriptionCharges.relayId))
    .where(and(eq(subscriptionCharges.state, 'sent'), inArray(relays.state, ['reverted', 'expired'])))
  for (const { subscription_charges: charge, relays: relay } of failed) {
    await db
      .update(subscriptionCharges)
      .set({ state: 'charging' })
      .where(and(eq(subscriptionCharges.id, charge.id), eq(subscriptionCharges.state, 'sent')))
    await failTry(
      options,
      { ...charge, state: 'charging' },
      chargeReason('transaction_failed', relay.reason ?? relay.state),
    )
  }
}

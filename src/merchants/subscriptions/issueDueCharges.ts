import { and, asc, eq, inArray, lte, notInArray } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { apiKeys, subscriptionCharges, subscriptionPlans, subscriptions } from '../../db/schema.ts'
import { formatAmount } from '../../domain/amount.ts'
import { MAX_MEMO_LENGTH, type Asset } from '../../domain/paymentRequest.ts'
import { subscriptionPeriodStart } from '../../domain/subscription/subscriptionCalendar.ts'
import { newShortId } from '../../domain/shortId.ts'
import { signMerchantRequest } from '../merchantRequest.ts'
import type { DelegateSignature } from '../signing/delegateSignature.ts'
import { insertPaymentRequest } from '../../payments/repository/paymentRequests.ts'
import { QuoteUnavailableError } from '../../domain/errors/quote.ts'
import { quotePlan, type PlanFeeds } from './quotePlan.ts'
import { CHARGED_STATES, type ChargeRow } from './subscriptionStore.ts'

const DAY_MS = 86_400_000

export type ChargeIssuerOptions = {
  db: Db
  signAsDelegate: DelegateSignature
  assets: readonly Asset[]
  client: (chainId: number) => PublicClient | undefined
  now: () => Date
  /** The feeds a priced plan's periods are quoted with. */
  feeds?: PlanFeeds
}

/**
 * Issues every subscription period that has started, each in its own transaction, as schedules do:
 * the subscription claimed with `FOR UPDATE SKIP LOCKED`, the period's request (the plan's amount
 * today, or a priced plan's price quoted now: a change of plan applies from the next period) signed by the plan's delegate and stored with
 * its charge row, and the subscription moved to its next period, together. The unique index on
 * (subscription, period) is the last word. Returns the charges made.
 */
export async function issueDueCharges(options: ChargeIssuerOptions): Promise<ChargeRow[]> {
  const issued: ChargeRow[] = []
  // Subscriptions whose price no feed can quote now: tried again at the next sweep, the others go on.
  const unquoted: string[] = []
  for (;;) {
    const outcome = await issueNextCharge(options, unquoted)
    if (outcome === 'none') return issued
    if (typeof outcome === 'object' && 'unquoted' in outcome) unquoted.push(outcome.unquoted)
    else if (outcome !== 'ended') issued.push(outcome)
  }
}

async function issueNextCharge(
  options: ChargeIssuerOptions,
  unquoted: readonly string[],
): Promise<ChargeRow | { unquoted: string } | 'ended' | 'none'> {
  const now = options.now()
  return options.db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.state, [...CHARGED_STATES]),
          lte(subscriptions.nextAt, now),
          unquoted.length > 0 ? notInArray(subscriptions.id, [...unquoted]) : undefined,
        ),
      )
      .orderBy(asc(subscriptions.nextAt))
      .limit(1)
      .for('update', { skipLocked: true })
    if (!subscription) return 'none'
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, subscription.planId))
    const [key] = await tx.select().from(apiKeys).where(eq(apiKeys.id, plan!.apiKeyId))
    const asset = options.assets.find((a) => a.chainId === subscription.chainId && a.address === subscription.asset)
    const period = subscription.nextPeriod
    const start = subscriptionPeriodStart(subscription, period)
    const beyondEnd =
      (subscription.count !== null && period >= subscription.count) ||
      (plan!.endsOn !== null && start.toISOString().slice(0, 10) >= plan!.endsOn) ||
      subscription.permissionExpiresAt <= start
    if (beyondEnd || !key || key.revokedAt || !asset) {
      await tx
        .update(subscriptions)
        .set({ state: 'ended', stateChangedAt: now })
        .where(eq(subscriptions.id, subscription.id))
      return 'ended'
    }
    // A priced plan's period asks its price quoted now; the permission's cap decides whether it can be charged.
    const quote =
      plan!.currency === null
        ? undefined
        : await quotePlan(options.feeds, plan!).catch((error: unknown) => {
            if (error instanceof QuoteUnavailableError) return { unquoted: subscription.id }
            throw error
          })
    if (quote && 'unquoted' in quote) return quote
    const amount = quote?.amount ?? BigInt(plan!.amount)
    const lastTry = plan!.dunningDays.at(-1) ?? 0
    const signed = await signMerchantRequest({
      input: {
        chainId: subscription.chainId,
        asset: subscription.asset,
        amount: formatAmount(amount, asset.decimals),
        memo: periodMemo(plan!.name, start),
        // Payable by hand until the last retry of the dunning schedule has passed.
        dueAt: new Date(Math.max(start.getTime(), now.getTime()) + (lastTry + 1) * DAY_MS).toISOString(),
        payer: subscription.payer,
        redirectUrl: null,
        metadata: { subscriptionId: subscription.id, period: period + 1 },
      },
      key: key,
      signAsDelegate: options.signAsDelegate,
      assets: options.assets,
      client: options.client,
    })
    const request = await insertPaymentRequest(tx, signed)
    const [charge] = await tx
      .insert(subscriptionCharges)
      .values({
        id: newShortId(),
        subscriptionId: subscription.id,
        payee: subscription.payee,
        period,
        periodStart: start,
        requestId: request.id,
        amount: amount.toString(),
        currency: quote?.currency ?? null,
        price: quote?.price.toString() ?? null,
        quote: quote?.rounds ?? null,
        nextTryAt: now,
      })
      .returning()
    await tx
      .update(subscriptions)
      .set({ nextPeriod: period + 1, nextAt: subscriptionPeriodStart(subscription, period + 1) })
      .where(eq(subscriptions.id, subscription.id))
    return charge!
  })
}

/** The plan's name with the period's first day (ISO, the same in every language), within the memo's limit. */
function periodMemo(name: string, start: Date): string {
  const suffix = ` · ${start.toISOString().slice(0, 10)}`
  return [...name].slice(0, MAX_MEMO_LENGTH - suffix.length).join('') + suffix
}

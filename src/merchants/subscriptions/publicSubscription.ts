import { formatAmount } from '../../domain/amount.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { reasonSentence } from './chargeReasonWords.ts'
import type { PlanRow } from './planStore.ts'
import type { ChargeRow, SubscriptionRow } from './subscriptionStore.ts'

type Units = Pick<Asset, 'symbol' | 'decimals'> | undefined

/** A plan as the API shows it, with the link a payer starts it from. */
export function publicPlan(plan: PlanRow, asset: Units, publicUrl: string) {
  return {
    id: plan.id,
    name: plan.name,
    chainId: plan.chainId,
    asset: plan.asset,
    symbol: asset?.symbol ?? '',
    amount: String(plan.amount),
    amountDecimal: formatAmount(BigInt(plan.amount), asset?.decimals ?? 18),
    decimals: asset?.decimals ?? 18,
    currency: plan.currency,
    price: plan.price === null ? null : String(plan.price),
    toleranceBps: plan.toleranceBps,
    interval: plan.interval,
    trialDays: plan.trialDays,
    count: plan.count,
    endsOn: plan.endsOn,
    dunningDays: plan.dunningDays,
    archived: plan.archivedAt !== null,
    url: new URL(`/plans/${plan.id}`, publicUrl).href,
    createdAt: plan.createdAt.toISOString(),
  }
}

/** A subscription as the API and its payer's page show it: what, how much, the next charge, each period. */
export function publicSubscription(
  subscription: SubscriptionRow,
  asset: Units,
  charges: readonly ChargeRow[],
  publicUrl: string,
) {
  const decimal = (units: string) => formatAmount(BigInt(units), asset?.decimals ?? 18)
  const charging = subscription.state === 'active' || subscription.state === 'past_due'
  return {
    id: subscription.id,
    planId: subscription.planId,
    payee: subscription.payee,
    payer: subscription.payer,
    state: subscription.state,
    chainId: subscription.chainId,
    asset: subscription.asset,
    symbol: asset?.symbol ?? '',
    periodCap: String(subscription.periodCap),
    periodCapDecimal: decimal(subscription.periodCap),
    interval: subscription.interval,
    nextChargeAt: charging ? subscription.nextAt.toISOString() : null,
    url: new URL(`/subscriptions/${subscription.id}`, publicUrl).href,
    createdAt: subscription.createdAt.toISOString(),
    charges: charges.map((c) => ({
      period: c.period + 1,
      periodStart: c.periodStart.toISOString(),
      amount: String(c.amount),
      amountDecimal: decimal(c.amount),
      state: c.state,
      attempts: c.attempts,
      nextTryAt: c.state === 'past_due' ? c.nextTryAt.toISOString() : null,
      reasonCode: c.reasonCode,
      reasonParams: c.reasonParams,
      reason:
        c.reasonCode &&
        reasonSentence(
          { code: c.reasonCode, params: c.reasonParams ?? {} },
          {
            amount: `${decimal(c.amount)} ${asset?.symbol ?? ''}`.trim(),
            cap: `${decimal(subscription.periodCap)} ${asset?.symbol ?? ''}`.trim(),
          },
        ),
      requestId: c.requestId,
      // A priced plan's past-due period is paid by hand at a quote of when the payer pays.
      payRequestId: c.pricedRequestId ?? c.requestId,
      payUrl: new URL(`/pay/${c.pricedRequestId ?? c.requestId}`, publicUrl).href,
    })),
  }
}

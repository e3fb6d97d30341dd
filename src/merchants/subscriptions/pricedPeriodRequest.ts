import { eq } from 'drizzle-orm'
import { apiKeys, subscriptionPlans, subscriptions } from '../../db/schema.ts'
import { formatAmount } from '../../domain/amount.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { findPaymentRequest, insertPaymentRequest } from '../../payments/repository/paymentRequests.ts'
import { signPricedMerchantRequest } from '../merchantPricedRequest.ts'
import type { ChargeIssuerOptions } from './issueDueCharges.ts'
import type { ChargeRow } from './subscriptionStore.ts'

export type PricedPeriodOptions = Pick<ChargeIssuerOptions, 'db' | 'signAsDelegate' | 'assets' | 'client'>

/**
 * A priced plan's past-due period as a priced request of its own (the period's price, the plan's
 * token and tolerance), signed by the plan's delegate, which signs its quotes too: paid by hand, it is
 * quoted when the payer pays, as any priced request, not at the rate the period was issued at.
 */
export async function issuePricedPeriodRequest(options: PricedPeriodOptions, charge: ChargeRow): Promise<string> {
  const { db } = options
  const [row] = await db
    .select({ plan: subscriptionPlans, payer: subscriptions.payer, key: apiKeys })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .innerJoin(apiKeys, eq(apiKeys.id, subscriptionPlans.apiKeyId))
    .where(eq(subscriptions.id, charge.subscriptionId))
  const issued = await findPaymentRequest(db, charge.requestId)
  const currency = fiatCurrency(charge.currency!)!
  const { plan, key, payer } = row!
  const signed = await signPricedMerchantRequest(
    {
      input: {
        chainId: plan.chainId,
        asset: plan.asset,
        amount: '',
        memo: issued!.memo,
        dueAt: issued!.dueAt.toISOString(),
        payer,
        redirectUrl: null,
        metadata: { subscriptionId: charge.subscriptionId, period: charge.period + 1 },
      },
      key,
      signAsDelegate: options.signAsDelegate,
      assets: options.assets,
      quotable: options.assets.filter((a) => a.chainId === plan.chainId),
      client: options.client,
    },
    {
      currency: currency.code,
      amount: formatAmount(BigInt(charge.price!), currency.minorDigits),
      acceptedAssets: [plan.asset],
      tolerance: formatAmount(BigInt(plan.toleranceBps), 2),
    },
  )
  return (await insertPaymentRequest(db, signed)).id
}

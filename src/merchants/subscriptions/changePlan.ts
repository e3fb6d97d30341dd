import { eq } from 'drizzle-orm'
import type { Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { subscriptionPlans } from '../../db/schema.ts'
import { formatAmount } from '../../domain/amount.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { fieldErrors } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { checkPlanInput, ownPlan, type PlanRow } from './planStore.ts'

/** What a payee may change of a plan: its charge, its name and its dunning days, or archive it. */
export type PlanChange = {
  amount?: string
  price?: string
  tolerance?: string
  name?: string
  dunningDays?: number[]
  archived?: boolean
}

/**
 * A plan's new terms, from each subscription's next period on (a period already issued keeps what it
 * asked): a token plan's amount, or a priced plan's price and tolerance (the tolerance shapes the cap
 * of permissions granted from now on; a granted cap is the chain's), its name and dunning days; or
 * the plan archived (no new payer may start it; running subscriptions go on).
 */
export async function changePlan(
  db: Db,
  assets: readonly Asset[],
  payee: Address,
  id: string,
  change: PlanChange,
  now = new Date(),
) {
  const plan = await ownPlan(db, payee, id)
  const priced = plan.currency !== null
  const wrongKind = priced
    ? {
        amount:
          change.amount === undefined
            ? undefined
            : 'amount cannot be set on a plan priced in a currency: change its price.',
      }
    : {
        price: change.price === undefined ? undefined : 'price can only be changed on a plan priced in a currency.',
        tolerance:
          change.tolerance === undefined ? undefined : 'tolerance can only be changed on a plan priced in a currency.',
      }
  if (Object.values(wrongKind).some(Boolean)) throw fieldErrors(wrongKind)
  const decimals = assets.find((a) => a.chainId === plan.chainId && a.address === plan.asset)?.decimals ?? 18
  const minorDigits = priced ? (fiatCurrency(plan.currency!)?.minorDigits ?? 2) : 0
  // Every term checked again as a whole, with the cadence a running permission fixed left as it is.
  const { cadence, terms } = checkPlanInput(
    {
      chainId: plan.chainId,
      asset: plan.asset,
      name: change.name ?? plan.name,
      interval: plan.interval,
      dunningDays: change.dunningDays ?? plan.dunningDays,
      ...(priced
        ? {
            currency: plan.currency,
            price: change.price ?? formatAmount(BigInt(plan.price!), minorDigits),
            tolerance: change.tolerance ?? formatAmount(BigInt(plan.toleranceBps), 2),
          }
        : { amount: change.amount ?? formatAmount(BigInt(plan.amount), decimals) }),
    },
    assets,
    payee,
    now,
  )
  const set: Partial<PlanRow> = {
    name: cadence.name,
    dunningDays: cadence.dunningDays,
    amount: terms.amount.toString(),
    price: terms.price?.toString() ?? null,
    toleranceBps: terms.toleranceBps,
  }
  if (change.archived !== undefined) set.archivedAt = change.archived ? (plan.archivedAt ?? now) : null
  const [row] = await db.update(subscriptionPlans).set(set).where(eq(subscriptionPlans.id, id)).returning()
  return row!
}

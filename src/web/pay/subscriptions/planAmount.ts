import { fiatCurrency } from '../../../domain/currencies.ts'
import type { useFormat } from '../../i18n/useFormat.ts'

type PricedOrNot = { amountDecimal: string; symbol: string; currency?: string | null; price?: string | null }

/** What a plan's period costs: a priced plan's price in its currency, else its token amount. */
export function planAmount(plan: PricedOrNot, format: ReturnType<typeof useFormat>): string {
  const currency = plan.currency ? fiatCurrency(plan.currency) : undefined
  return currency && plan.price ? format.money(plan.price, currency) : format.asset(plan.amountDecimal, plan.symbol)
}

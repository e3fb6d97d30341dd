import { and, eq, inArray } from 'drizzle-orm'
import { getAddress, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { paymentValues, payments, type SubscriptionState } from '../../db/schema.ts'
import type { FiatCurrency } from '../../domain/currencies.ts'
import { chargesOf, listSubscriptions, type ChargeRow, type SubscriptionRow } from './subscriptionStore.ts'

const DAY_MS = 86_400_000
/** Churn and revenue are read over the last 30 days, a month on the subscriptions' own clock. */
const WINDOW_DAYS = 30
const PERIOD_DAYS = { week: 7n, month: 30n, year: 365n } as const
const PAYING: readonly SubscriptionState[] = ['active', 'past_due']
const CANCELLED: readonly SubscriptionState[] = ['cancelled_by_payer', 'cancelled_by_payee']

export type SubscriberFigures = {
  /** Subscriptions being charged now (active or past due). */
  paying: number
  /** Cancelled by either side in the last 30 days. */
  cancelledLately: number
  /** cancelledLately over those paying 30 days ago (paying now plus cancelled since), in basis points; null with none. */
  churnBasisPoints: number | null
  /** Recurring revenue per 30 days in the books currency (minor units), from each paying subscription's last paid charge. */
  monthly: { currency: FiatCurrency; value: bigint; unvalued: number } | null
  /** The same per token, in base units: what the permissions will collect each 30 days. */
  monthlyByAsset: { chainId: number; asset: string; amount: bigint }[]
}

/** A period's charge as 30 days of it: a week's times 30/7, a year's times 30/365 (rounded down). */
export const perMonth = (amount: bigint, interval: SubscriptionRow['interval']) =>
  (amount * 30n) / PERIOD_DAYS[interval]

/**
 * The payee's recurring revenue and churn. The revenue in the books currency values each paying
 * subscription at its last paid charge's book value (as the books valued it at its block); a
 * subscription with none valued yet is counted as unvalued rather than guessed.
 */
export async function subscriberFigures(
  db: Db,
  payee: Address,
  currency: FiatCurrency | undefined,
  now: Date,
): Promise<SubscriberFigures> {
  const rows = await listSubscriptions(db, getAddress(payee))
  const since = now.getTime() - WINDOW_DAYS * DAY_MS
  const paying = rows.filter((s) => PAYING.includes(s.state))
  const cancelledLately = rows.filter((s) => CANCELLED.includes(s.state) && s.stateChangedAt.getTime() >= since).length
  const base = paying.length + cancelledLately
  const charges = await chargesOf(
    db,
    paying.map((s) => s.id),
  )
  const byAsset = new Map<string, { chainId: number; asset: string; amount: bigint }>()
  for (const s of paying) {
    const key = `${s.chainId}:${s.asset}`
    const entry = byAsset.get(key) ?? { chainId: s.chainId, asset: s.asset, amount: 0n }
    entry.amount += perMonth(BigInt(lastCharge(charges.get(s.id))?.amount ?? s.periodCap), s.interval)
    byAsset.set(key, entry)
  }
  return {
    paying: paying.length,
    cancelledLately,
    churnBasisPoints: base === 0 ? null : Math.round((cancelledLately * 10_000) / base),
    monthly: currency ? await monthlyInBooks(db, paying, charges, currency) : null,
    monthlyByAsset: [...byAsset.values()],
  }
}

const lastCharge = (charges: readonly ChargeRow[] | undefined) => charges?.at(-1)

async function monthlyInBooks(
  db: Db,
  paying: readonly SubscriptionRow[],
  charges: ReadonlyMap<string, ChargeRow[]>,
  currency: FiatCurrency,
) {
  const lastPaid = new Map<string, ChargeRow>()
  for (const s of paying) {
    const paid = charges
      .get(s.id)
      ?.filter((c) => c.state === 'paid')
      .at(-1)
    if (paid) lastPaid.set(paid.requestId, paid)
  }
  const values =
    lastPaid.size === 0
      ? []
      : await db
          .select({ requestId: payments.requestId, value: paymentValues.value })
          .from(payments)
          .innerJoin(
            paymentValues,
            and(
              eq(paymentValues.chainId, payments.chainId),
              eq(paymentValues.txHash, payments.txHash),
              eq(paymentValues.logIndex, payments.logIndex),
              eq(paymentValues.blockHash, payments.blockHash),
            ),
          )
          .where(and(inArray(payments.requestId, [...lastPaid.keys()]), eq(paymentValues.currency, currency.code)))
  const valueOf = new Map<string, bigint>()
  for (const v of values) valueOf.set(v.requestId, (valueOf.get(v.requestId) ?? 0n) + BigInt(v.value))
  let value = 0n
  let unvalued = 0
  for (const s of paying) {
    const paid = charges
      .get(s.id)
      ?.filter((c) => c.state === 'paid')
      .at(-1)
    const booked = paid && valueOf.get(paid.requestId)
    if (booked === undefined) unvalued++
    else value += perMonth(booked, s.interval)
  }
  return { currency, value, unvalued }
}

import type { Db } from '../../db/createDatabase.ts'
import type { RequestFilter } from '../requestFilter.ts'
import { receivedInCurrency, receivedInCurrencyByDay, type DailyReceived } from '../repository/requestListing.ts'
import { refundLines } from '../repository/statement.ts'

export type ReceivedInBooks = {
  /** Minor units of the books' currency: the payments' values less the refunds'. */
  total: bigint
  payments: number
  refunds: number
  /** Payments and refunds not valued yet (moments after they arrive). */
  unvalued: number
}

/**
 * "Received in your books", the one figure the dashboard and the monthly statement both show: the
 * payments of the requests `filter` picks, each at its value for its block, less their refunds, each
 * valued as a reversal of what it returns (so a request refunded in full nets to nothing).
 */
export async function receivedInBooks(
  db: Db,
  payee: string,
  filter: RequestFilter,
  currency: string,
): Promise<ReceivedInBooks> {
  const [paid, refunds] = await Promise.all([
    receivedInCurrency(db, payee, filter, currency),
    refundLines(db, payee, currency, filter),
  ])
  return {
    total: refunds.reduce((sum, line) => sum + (line.value ?? 0n), paid.total),
    payments: paid.payments,
    refunds: refunds.length,
    unvalued: paid.unvalued + refunds.filter((line) => line.value === null).length,
  }
}

/**
 * The same figure per UTC day, oldest first, for the dashboard's chart: each day's payments at their
 * values less the refunds mined that day (a day of refunds only is below zero), so the days add up
 * to `receivedInBooks`'s total.
 */
export async function receivedInBooksByDay(
  db: Db,
  payee: string,
  filter: RequestFilter,
  currency: { code: string; minorDigits: number },
): Promise<DailyReceived[]> {
  const [paid, refunds] = await Promise.all([
    receivedInCurrencyByDay(db, payee, filter, currency),
    refundLines(db, payee, currency.code, filter),
  ])
  const days = new Map(paid.map((day) => [day.day, day]))
  for (const line of refunds) {
    if (line.value === null) continue
    const day = line.blockTime.toISOString().slice(0, 10)
    const before = days.get(day) ?? {
      day,
      chainId: 0,
      asset: currency.code,
      symbol: currency.code,
      decimals: currency.minorDigits,
      received: 0n,
      payments: 0,
    }
    days.set(day, { ...before, received: before.received + line.value })
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day))
}

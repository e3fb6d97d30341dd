import { and, eq, sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { payeeSettings, paymentRequests, paymentValues } from '../../db/schema.ts'
import { fiatCurrency, type FiatCurrency } from '../../domain/currencies.ts'

/** The currency a payee keeps books in, or undefined before they choose one. */
export async function reportingCurrencyOf(db: Db, payee: string): Promise<FiatCurrency | undefined> {
  const [row] = await db
    .select()
    .from(payeeSettings)
    .where(eq(payeeSettings.address, getAddress(payee)))
  return row ? fiatCurrency(row.reportingCurrency) : undefined
}

/** A payment's value in its payee's books currency for the block it is in now, if kept. */
export async function bookValueOf(
  db: Db,
  payment: { chainId: number; txHash: string; logIndex: number; blockHash: string; requestId: string },
): Promise<{ currency: string; value: string; basis: string } | undefined> {
  const [row] = await db
    .select({
      currency: paymentValues.currency,
      value: sql<string>`${paymentValues.value}::text`,
      basis: paymentValues.basis,
    })
    .from(paymentValues)
    .innerJoin(paymentRequests, eq(paymentRequests.id, payment.requestId))
    .innerJoin(payeeSettings, eq(payeeSettings.address, paymentRequests.payee))
    .where(
      and(
        eq(paymentValues.chainId, payment.chainId),
        eq(paymentValues.txHash, payment.txHash),
        eq(paymentValues.logIndex, payment.logIndex),
        eq(paymentValues.blockHash, payment.blockHash),
        eq(paymentValues.currency, payeeSettings.reportingCurrency),
      ),
    )
  return row
}

/** Chooses it; every payment of the payee's is valued in it from then on. */
export async function setReportingCurrency(db: Db, payee: string, currency: FiatCurrency): Promise<void> {
  const row = { address: getAddress(payee), reportingCurrency: currency.code, updatedAt: new Date() }
  await db.insert(payeeSettings).values(row).onConflictDoUpdate({ target: payeeSettings.address, set: row })
}

import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { payeeSettings } from '../../db/schema.ts'
import { fiatCurrency, type FiatCurrency } from '../../domain/currencies.ts'

/** The currency a payee keeps books in, or undefined before they choose one. */
export async function reportingCurrencyOf(db: Db, payee: string): Promise<FiatCurrency | undefined> {
  const [row] = await db
    .select()
    .from(payeeSettings)
    .where(eq(payeeSettings.address, getAddress(payee)))
  return row ? fiatCurrency(row.reportingCurrency) : undefined
}

/** Chooses it; every payment of the payee's is valued in it from then on. */
export async function setReportingCurrency(db: Db, payee: string, currency: FiatCurrency): Promise<void> {
  const row = { address: getAddress(payee), reportingCurrency: currency.code, updatedAt: new Date() }
  await db.insert(payeeSettings).values(row).onConflictDoUpdate({ target: payeeSettings.address, set: row })
}

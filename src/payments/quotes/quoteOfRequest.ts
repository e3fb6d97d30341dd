import { eq } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { priceQuotes } from '../../db/schema.ts'
import type { PriceQuoteRow } from './issueQuote.ts'

/** The quote a quote's own request was made for; undefined for any other request. */
export async function quoteOfRequest(db: Db, requestId: string): Promise<PriceQuoteRow | undefined> {
  const [quote] = await db.select().from(priceQuotes).where(eq(priceQuotes.requestId, requestId))
  return quote
}

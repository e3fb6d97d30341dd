import { eq, sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { sellerDetails } from '../../db/schema.ts'
import { invoiceNumber } from '../../domain/invoice/invoiceNumber.ts'
import type { CheckedSeller } from '../../domain/invoice/sellerDraft.ts'

export type SellerDetailsRow = typeof sellerDetails.$inferSelect

/** A payee's seller details, or undefined before they first save them. */
export async function sellerDetailsOf(db: Db, payee: string): Promise<SellerDetailsRow | undefined> {
  const [row] = await db
    .select()
    .from(sellerDetails)
    .where(eq(sellerDetails.payee, getAddress(payee)))
  return row
}

/**
 * Saves a payee's seller details; the logo is replaced only when one is given (`null` removes it).
 * The sequence is never touched here: a new pattern goes on from the next number.
 */
export async function saveSellerDetails(
  db: Db,
  payee: string,
  seller: CheckedSeller,
  logoPng: string | null | undefined,
): Promise<SellerDetailsRow> {
  const values = {
    legalName: seller.party.name,
    address: seller.party.address,
    taxId: seller.party.taxId,
    email: seller.party.email,
    postcode: seller.party.postcode ?? '',
    city: seller.party.city ?? '',
    country: seller.party.country ?? '',
    vatId: seller.party.vatId ?? '',
    phone: seller.party.phone ?? '',
    paymentTermsDays: seller.paymentTermsDays,
    numberPattern: seller.numberPattern,
    rounding: seller.rounding,
    ...(logoPng === undefined ? {} : { logoPng }),
  }
  const [row] = await db
    .insert(sellerDetails)
    .values({ payee: getAddress(payee), ...values })
    .onConflictDoUpdate({ target: sellerDetails.payee, set: { ...values, updatedAt: sql`now()` } })
    .returning()
  return row!
}

/** The number the payee's next invoice would get, if no other is issued first. */
export const nextInvoiceNumber = (row: SellerDetailsRow) => invoiceNumber(row.numberPattern, row.nextSequence)

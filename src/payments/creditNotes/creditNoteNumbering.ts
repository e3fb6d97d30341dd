import { eq, sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { sellerDetails } from '../../db/schema.ts'
import type { SellerDetailsRow } from '../invoices/sellerDetails.ts'
import { sellerDetailsMissing } from '../invoices/issueInvoice.ts'

/** Saves how a payee's credit notes are numbered; their sequence is never touched: a new pattern goes on from the next number. */
export async function setCreditNoteNumbering(
  db: Db,
  payee: string,
  numbering: 'own' | 'shared',
  pattern: string | undefined,
): Promise<SellerDetailsRow> {
  const [row] = await db
    .update(sellerDetails)
    .set({
      creditNoteNumbering: numbering,
      ...(pattern === undefined ? {} : { creditNotePattern: pattern }),
      updatedAt: sql`now()`,
    })
    .where(eq(sellerDetails.payee, getAddress(payee)))
    .returning()
  if (!row) throw sellerDetailsMissing()
  return row
}

import { eq, sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { sellerDetails } from '../../db/schema.ts'
import type { SellerDetailsRow } from '../invoices/sellerDetails.ts'
import { sellerDetailsMissing } from '../invoices/issueInvoice.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'

const literal = (pattern: string) => pattern.replace(/\{seq(?::\d)?\}/, '{seq}')

/**
 * Saves how a payee's credit notes are numbered; their sequence is never touched: a new pattern goes
 * on from the next number. A sequence of their own needs a pattern whose letters differ from the
 * invoices' (`CN-{seq:4}` beside `2026-{seq:4}`), or a credit note could carry an invoice's number.
 */
export async function setCreditNoteNumbering(
  db: Db,
  payee: string,
  numbering: 'own' | 'shared',
  pattern: string | undefined,
): Promise<SellerDetailsRow> {
  const [seller] = await db
    .select()
    .from(sellerDetails)
    .where(eq(sellerDetails.payee, getAddress(payee)))
  if (!seller) throw sellerDetailsMissing()
  if (numbering === 'own' && literal(pattern ?? seller.creditNotePattern) === literal(seller.numberPattern))
    throw new BadUserInputError({
      field: 'pattern',
      shortMessage: `Credit note pattern must differ from the invoices' (${seller.numberPattern}) besides {seq}, such as CN-{seq:4}; or number them in the invoices' sequence.`,
    })
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

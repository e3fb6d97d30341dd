import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { creditNotes } from '../../db/schema.ts'
import { isShortId } from '../../domain/shortId.ts'
import type { CreditNoteRow } from './issueCreditNote.ts'

export async function findCreditNote(db: Db, id: string): Promise<CreditNoteRow | undefined> {
  if (!isShortId(id)) return undefined
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, id))
  return row
}

/** The credit notes of invoices (by their requests' ids), in the order they were issued. */
export async function creditNotesOfInvoices(db: Db, requestIds: readonly string[]): Promise<CreditNoteRow[]> {
  if (requestIds.length === 0) return []
  return db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.invoiceRequestId, [...requestIds]))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.sequence))
}

/** A payee's credit notes, newest first; `before` pages by the time they were issued. */
export async function creditNotesOf(
  db: Db,
  payee: string,
  { first, before }: { first: number; before?: Date | undefined },
): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.payee, payee), before === undefined ? undefined : lt(creditNotes.createdAt, before)))
    .orderBy(desc(creditNotes.createdAt), desc(creditNotes.sequence))
    .limit(first)
}

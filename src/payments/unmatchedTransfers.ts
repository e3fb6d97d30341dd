import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/createDatabase.ts'
import { payments, unmatchedTransfers } from '../db/schema.ts'
import type { Cursor } from './requestFilter.ts'

export type UnmatchedTransferRow = typeof unmatchedTransfers.$inferSelect

/** A payee's unmatched transfers (not assigned), newest first; `dismissed` lists the dismissed ones instead. */
export async function listUnmatchedPage(
  db: Db,
  payee: string,
  { first, after, dismissed }: { first: number; after: Cursor | undefined; dismissed: boolean },
) {
  const rows = await db
    .select()
    .from(unmatchedTransfers)
    .where(
      and(
        eq(unmatchedTransfers.payee, payee),
        isNull(unmatchedTransfers.assignedRequestId),
        dismissed ? isNotNull(unmatchedTransfers.dismissedAt) : isNull(unmatchedTransfers.dismissedAt),
        after
          ? sql`(${unmatchedTransfers.blockTime}, ${unmatchedTransfers.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(unmatchedTransfers.blockTime), desc(unmatchedTransfers.id))
    .limit(first + 1)
  const items = rows.slice(0, first)
  const last = items.at(-1)
  return { items, next: rows.length > first && last ? { createdAt: last.blockTime, id: last.id } : undefined }
}

/** How many transfers wait for the payee: not assigned, not dismissed. */
export async function countUnmatched(db: Db, payee: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(unmatchedTransfers)
    .where(
      and(
        eq(unmatchedTransfers.payee, payee),
        isNull(unmatchedTransfers.assignedRequestId),
        isNull(unmatchedTransfers.dismissedAt),
      ),
    )
  return row?.n ?? 0
}

export async function findUnmatched(db: Db, id: string): Promise<UnmatchedTransferRow | undefined> {
  const [row] = await db.select().from(unmatchedTransfers).where(eq(unmatchedTransfers.id, id)).limit(1)
  return row
}

/**
 * Makes the transfer a payment of the request, in one transaction and only if it is still unassigned
 * and not dismissed (two clicks, or two tabs, assign it once). False when it no longer was.
 */
export async function assignUnmatched(
  db: Db,
  transfer: UnmatchedTransferRow,
  requestId: string,
  by: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(unmatchedTransfers)
      .set({ assignedRequestId: requestId })
      .where(
        and(
          eq(unmatchedTransfers.id, transfer.id),
          isNull(unmatchedTransfers.assignedRequestId),
          isNull(unmatchedTransfers.dismissedAt),
        ),
      )
      .returning()
    if (!claimed) return false
    await tx.insert(payments).values({
      chainId: claimed.chainId,
      txHash: claimed.txHash,
      logIndex: claimed.logIndex,
      requestId,
      fromAddress: claimed.fromAddress,
      amount: claimed.amount,
      blockNumber: claimed.blockNumber,
      blockHash: claimed.blockHash,
      blockTime: claimed.blockTime,
      matchedBy: 'assigned',
      assignedBy: by,
      assignedAt: new Date(),
    })
    return true
  })
}

/** Dismisses (or restores) a transfer; undefined when it was already in that state or is assigned. */
export async function setDismissed(db: Db, id: string, dismissed: boolean): Promise<UnmatchedTransferRow | undefined> {
  const [row] = await db
    .update(unmatchedTransfers)
    .set({ dismissedAt: dismissed ? new Date() : null })
    .where(
      and(
        eq(unmatchedTransfers.id, id),
        isNull(unmatchedTransfers.assignedRequestId),
        dismissed ? isNull(unmatchedTransfers.dismissedAt) : isNotNull(unmatchedTransfers.dismissedAt),
      ),
    )
    .returning()
  return row
}

/** Every unmatched transfer the payee ever had, assigned and dismissed ones too, newest first. */
export function unmatchedForExport(db: Db, payee: string): Promise<UnmatchedTransferRow[]> {
  return db
    .select()
    .from(unmatchedTransfers)
    .where(eq(unmatchedTransfers.payee, payee))
    .orderBy(desc(unmatchedTransfers.blockTime), desc(unmatchedTransfers.id))
}

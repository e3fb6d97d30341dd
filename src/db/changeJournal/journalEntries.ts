import { sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { resultRows } from '../rawStatements.ts'
import { paymentRequests } from '../schema.ts'
import type { JournaledTable } from './journaledTables.ts'
import { textColumnsOf } from './journalTriggers.ts'

/** A row as the journal keeps it: columns by their SQL name, numeric and bigint ones as text. */
export type JournalRow = Record<string, unknown>

/** One row change, as the journal trigger recorded it in the transaction that made it. */
export type JournalEntry = {
  id: number
  /** The transaction that made it. */
  tx: string
  table: JournaledTable
  operation: 'INSERT' | 'UPDATE' | 'DELETE'
  old: JournalRow | null
  new: JournalRow | null
  /** When it was made (the commit that recorded it), with microseconds. */
  at: string
}

// Any fixed number works; it only has to be the same for every server reading this journal.
const JOURNAL_LOCK_KEY = 4_242_002

/**
 * The oldest `limit` entries, or undefined while another server takes them: one consumer at a time,
 * so entries are followed in the order they were made. The lock ends with `tx`.
 */
export async function takeJournalEntries(tx: Db, limit: number): Promise<JournalEntry[] | undefined> {
  const [lock] = resultRows<{ held: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${JOURNAL_LOCK_KEY}) as held`),
  )
  if (!lock?.held) return undefined
  const rows = resultRows<{
    id: string | number
    tx: string
    table_name: JournaledTable
    operation: JournalEntry['operation']
    old_row: JournalRow | null
    new_row: JournalRow | null
    at: string
  }>(
    await tx.execute(sql`select id, tx::text as tx, table_name, operation, old_row, new_row, at::text as at
      from change_journal order by id limit ${limit}`),
  )
  return rows.map((r) => ({
    id: Number(r.id),
    tx: r.tx,
    table: r.table_name,
    operation: r.operation,
    old: r.old_row,
    new: r.new_row,
    at: r.at,
  }))
}

/** Entries followed: gone with the transaction that wrote what follows them. */
export async function removeJournalEntries(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await tx.execute(
      sql`delete from change_journal where id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::bigint)`,
    )
}

/** Which request, as the transaction of which entry left it. */
export type RequestAsLeft = { entry: Pick<JournalEntry, 'id' | 'tx'>; requestId: string }

/** The key of a request as an entry's transaction left it, in `requestsAsLeft`'s answer. */
export const requestAsLeftKey = (entryId: number, requestId: string) => `${entryId} ${requestId}`

/**
 * Each request as the transaction of its entry left it: its last change in that transaction, else
 * what the next change found (entries not followed yet are all still here), else the row as it is.
 */
export async function requestsAsLeft(tx: Db, wanted: readonly RequestAsLeft[]): Promise<Map<string, JournalRow>> {
  if (wanted.length === 0) return new Map()
  const asked = wanted.map((w) => ({ entry_id: w.entry.id, tx: w.entry.tx, request_id: w.requestId }))
  const textColumns = `{${textColumnsOf(paymentRequests).join(',')}}`
  const rows = resultRows<{ entry_id: string | number; request_id: string; row: JournalRow | null }>(
    await tx.execute(sql`select w.entry_id, w.request_id, coalesce(
        (select j.new_row from change_journal j
          where j.table_name = 'payment_requests' and j.tx = w.tx and j.new_row ->> 'id' = w.request_id
          order by j.id desc limit 1),
        (select j.old_row from change_journal j
          where j.table_name = 'payment_requests' and j.id > w.entry_id and j.tx <> w.tx and j.old_row ->> 'id' = w.request_id
          order by j.id limit 1),
        (select billfold_journal_row(to_jsonb(r), ${textColumns}::text[], '{}'::text[]) from payment_requests r where r.id = w.request_id)
      ) as row
      from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as w(entry_id bigint, tx bigint, request_id text)`),
  )
  const found = new Map<string, JournalRow>()
  for (const r of rows) if (r.row) found.set(requestAsLeftKey(Number(r.entry_id), r.request_id), r.row)
  return found
}

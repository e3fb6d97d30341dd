import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/createDatabase.ts'
import { resultRows } from '../../../db/rawStatements.ts'

/**
 * Waits until every change recorded so far was followed (its webhook events and e-mails written):
 * what a test counts in the outboxes is then all that its changes queued.
 */
export async function untilJournalFollowed(db: Db, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const [row] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from change_journal`))
    if (Number(row!.n) === 0) return
    if (Date.now() > until) throw new Error(`the change journal still holds ${row!.n} entries after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

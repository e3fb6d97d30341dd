import { and, inArray, lt } from 'drizzle-orm'
import type { Db } from '../db/createDatabase.ts'
import { relays } from '../db/schema.ts'

const BATCH = 500

/**
 * Deletes relays and withdrawals that ended (mined, reverted or expired) before `before`, 500 rows a
 * statement. One still waiting, signed or sent is kept whatever its age; the payments they carried
 * are the watcher's rows and stay for ever.
 */
export async function purgeFinishedRelays(db: Db, before: Date, batch = BATCH): Promise<number> {
  let purged = 0
  for (;;) {
    const ended = db
      .select({ id: relays.id })
      .from(relays)
      .where(and(inArray(relays.state, ['mined', 'reverted', 'expired']), lt(relays.updatedAt, before)))
      .limit(batch)
    const gone = await db.delete(relays).where(inArray(relays.id, ended)).returning({ id: relays.id })
    purged += gone.length
    if (gone.length < batch) return purged
  }
}

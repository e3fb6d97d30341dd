import { eq } from 'drizzle-orm'
import type { Db } from '../db/createDatabase.ts'
import { chainHealth } from '../db/schema.ts'

/** What the API tells people about each chain's watcher. */
export async function readChainHealth(db: Db, chainId: number) {
  const [row] = await db.select().from(chainHealth).where(eq(chainHealth.chainId, chainId))
  return row
}

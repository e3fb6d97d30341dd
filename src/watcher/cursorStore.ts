import { desc, eq } from 'drizzle-orm'
import type { Hash } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { chainCursors, recentBlocks } from '../db/schema.ts'
import type { Cursor } from './watcherState.ts'

/** The chain's cursor: the last block whose transfers are recorded for good. */
export async function readCursor(db: Db, chainId: number): Promise<Cursor | undefined> {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId))
  return row ? { number: row.blockNumber, hash: row.blockHash.toLowerCase() as Hash } : undefined
}

/** The cursor's recent blocks with their hashes, newest first: where a reorg may have forked. */
export async function readRecentBlocks(db: Db, chainId: number) {
  return db.select().from(recentBlocks).where(eq(recentBlocks.chainId, chainId)).orderBy(desc(recentBlocks.blockNumber))
}

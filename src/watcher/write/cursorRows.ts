import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { chainCursors, recentBlocks } from '../../db/schema.ts'
import type { Cursor } from '../watcherState.ts'

/** Blocks whose hashes are kept below the cursor to find where a deep reorg forked. */
export const REORG_WINDOW = 128n

/** Sets the chain's cursor (a roll-back moves it down). */
export async function setCursor(db: Db, chainId: number, cursor: Cursor) {
  await db
    .insert(chainCursors)
    .values({ chainId, blockNumber: cursor.number, blockHash: cursor.hash })
    .onConflictDoUpdate({
      target: chainCursors.chainId,
      set: { blockNumber: cursor.number, blockHash: cursor.hash, updatedAt: new Date() },
    })
}

/** Moves the cursor forward and remembers its block's hash, forgetting those below the reorg window. */
export async function advanceCursor(db: Db, chainId: number, cursor: Cursor) {
  await setCursor(db, chainId, cursor)
  await db
    .insert(recentBlocks)
    .values({ chainId, blockNumber: cursor.number, blockHash: cursor.hash })
    .onConflictDoUpdate({
      target: [recentBlocks.chainId, recentBlocks.blockNumber],
      set: { blockHash: cursor.hash },
    })
  await db
    .delete(recentBlocks)
    .where(and(eq(recentBlocks.chainId, chainId), lt(recentBlocks.blockNumber, cursor.number - REORG_WINDOW)))
}

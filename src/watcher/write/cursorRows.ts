import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { chainCursors, chainHeads, recentBlocks } from '../../db/schema.ts'
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

/** The head a range or a roll-back was written at: what other chains' watchers judge this chain's payments by. */
export async function recordHead(db: Db, chainId: number, head: bigint) {
  await db
    .insert(chainHeads)
    .values({ chainId, headBlock: head })
    .onConflictDoUpdate({ target: chainHeads.chainId, set: { headBlock: head } })
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

import { and, between, eq, lt, sql } from 'drizzle-orm'
import type { Hash } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { chainCursors, payments, recentBlocks } from '../../db/schema.ts'
import type { FoundPayment } from './matchPayments.ts'
import { recomputeStatuses } from './recomputeStatuses.ts'

/** Blocks whose hashes are kept below the cursor to find where a deep reorg forked. */
export const REORG_WINDOW = 128n

export type Cursor = { number: bigint; hash: Hash }

export type RangeWrite = {
  chainId: number
  from: bigint
  to: bigint
  /** What this read found in [from, to], block times filled in. */
  found: readonly (FoundPayment & { blockTime: bigint })[]
  /** Block hashes the watcher knows to be canonical: a stored payment in one of them that this read missed is kept (a lagging log index), any other is dropped. */
  canonical: ReadonlyMap<bigint, Hash>
  /** Where the cursor moves, if it does. */
  cursor: Cursor | undefined
  head: bigint
  confirmations: number
}

/**
 * One range in one transaction: its payments (new ones added, moved ones updated, vanished ones
 * dropped), the cursor, and the statuses that changed; a crash at any point loses and doubles nothing.
 * Returns the requests whose status changed.
 */
export async function writeRange(db: Db, write: RangeWrite): Promise<string[]> {
  const { chainId, from, to, found, canonical, cursor, head, confirmations } = write
  return db.transaction(async (tx) => {
    const touched = new Set<string>()
    const stored = await tx
      .select({ txHash: payments.txHash, logIndex: payments.logIndex, blockNumber: payments.blockNumber, blockHash: payments.blockHash, requestId: payments.requestId })
      .from(payments)
      .where(and(eq(payments.chainId, chainId), between(payments.blockNumber, from, to)))
    const seen = new Set(found.map((p) => `${p.txHash}:${p.logIndex}`))
    const vanished = stored.filter((p) => !seen.has(`${p.txHash}:${p.logIndex}`) && canonical.get(p.blockNumber) !== p.blockHash)
    if (vanished.length) {
      const keys = JSON.stringify(vanished.map((p) => ({ tx_hash: p.txHash, log_index: p.logIndex })))
      await tx.execute(sql`
        delete from ${payments} using json_to_recordset(${keys}::json) as v(tx_hash text, log_index integer)
        where ${payments.chainId} = ${chainId} and ${payments.txHash} = v.tx_hash and ${payments.logIndex} = v.log_index`)
      vanished.forEach((p) => touched.add(p.requestId))
    }

    if (found.length) {
      const rows = found.map((p) => ({
        chain_id: chainId,
        tx_hash: p.txHash,
        log_index: p.logIndex,
        request_id: p.requestId,
        from_address: p.from,
        amount: p.amount.toString(),
        block_number: p.blockNumber.toString(),
        block_hash: p.blockHash,
        block_time: new Date(Number(p.blockTime) * 1000).toISOString(),
      }))
      // All rows as one JSON parameter: no parameter limit, and no per-value query building. A
      // payment seen before comes back only if a reorg moved it to another block.
      const written = await tx
        .insert(payments)
        .select(
          sql`select r.*, now() from json_to_recordset(${JSON.stringify(rows)}::json) as r(chain_id integer, tx_hash text, log_index integer, request_id text, from_address text, amount numeric, block_number bigint, block_hash text, block_time timestamptz)`,
        )
        .onConflictDoUpdate({
          target: [payments.chainId, payments.txHash, payments.logIndex],
          set: { blockNumber: sql.raw('excluded.block_number'), blockHash: sql.raw('excluded.block_hash'), blockTime: sql.raw('excluded.block_time') },
          setWhere: sql`${payments.blockHash} <> excluded.block_hash`,
        })
        .returning({ requestId: payments.requestId })
      written.forEach((row) => touched.add(row.requestId))
    }

    if (cursor) {
      await tx
        .insert(chainCursors)
        .values({ chainId, blockNumber: cursor.number, blockHash: cursor.hash })
        .onConflictDoUpdate({ target: chainCursors.chainId, set: { blockNumber: cursor.number, blockHash: cursor.hash, updatedAt: new Date() } })
      await tx
        .insert(recentBlocks)
        .values({ chainId, blockNumber: cursor.number, blockHash: cursor.hash })
        .onConflictDoUpdate({ target: [recentBlocks.chainId, recentBlocks.blockNumber], set: { blockHash: cursor.hash } })
      await tx.delete(recentBlocks).where(and(eq(recentBlocks.chainId, chainId), lt(recentBlocks.blockNumber, cursor.number - REORG_WINDOW)))
    }
    return recomputeStatuses(tx, [...touched], { head, confirmations })
  })
}

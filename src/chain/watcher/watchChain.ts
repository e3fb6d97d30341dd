import { and, desc, eq, gt, gte, lt, min, sql } from 'drizzle-orm'
import type { Address, Hex, PublicClient } from 'viem'
import type { Database, Db } from '../../db/createDatabase.ts'
import { chainCursors, paymentRequests, payments, recentBlocks } from '../../db/schema.ts'
import type { ActiveChain } from '../chains.ts'
import { findPayments, type WatchedRequest } from './findPayments.ts'
import { recomputeStatuses, requestsDueForRecompute } from './recomputeStatuses.ts'

/** Blocks whose hashes are kept to notice a reorg; a deeper reorg than this is not expected. */
export const REORG_WINDOW = 128n

/** Ranges read from the node ahead of the one being written. */
const READ_AHEAD = 1

const NEW_REQUEST_MARGIN_MS = 60_000

export type ChainWatcher = {
  /** One pass: reorg check, new blocks up to the head, time-driven statuses. Returns changed request ids. */
  runOnce(): Promise<string[]>
}

type Cursor = { number: bigint; hash: Hex }

/**
 * The watcher of one chain. Every batch of blocks is committed in one transaction with its payments,
 * the statuses they change and the cursor, so a crash at any point loses and doubles nothing.
 */
export function createChainWatcher({
  database,
  chain,
  client,
  batchSize = 2000n,
}: {
  database: Database
  chain: ActiveChain
  client: PublicClient
  batchSize?: bigint
}): ChainWatcher {
  const db = database.db
  const chainId = chain.chain.id
  const settings = (head: bigint) => ({ head, confirmations: chain.confirmations })

  const readCursor = async (): Promise<Cursor | undefined> => {
    const [row] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId))
    return row ? { number: row.blockNumber, hash: row.blockHash as Hex } : undefined
  }

  const blockHash = async (number: bigint): Promise<Hex | undefined> => {
    const block = await client.getBlock({ blockNumber: number }).catch(() => undefined)
    return block?.hash ?? undefined
  }

  /** Drops what orphaned blocks brought and moves the cursor back to the last block both chains share. */
  const rollBack = async (): Promise<{ cursor: Cursor; changed: string[] }> => {
    const stored = await db.select().from(recentBlocks).where(eq(recentBlocks.chainId, chainId)).orderBy(desc(recentBlocks.blockNumber))
    let ancestor: Cursor | undefined
    for (const block of stored) {
      if ((await blockHash(block.blockNumber)) === block.blockHash) {
        ancestor = { number: block.blockNumber, hash: block.blockHash as Hex }
        break
      }
    }
    if (!ancestor) {
      // Deeper than the window: start again from just below the oldest block still remembered.
      const floor = (stored.at(-1)?.blockNumber ?? 1n) - 1n
      ancestor = { number: floor, hash: (await blockHash(floor))! }
    }
    const head = await client.getBlockNumber({ cacheTime: 0 })
    const changed = await db.transaction(async (tx) => {
      const dropped = await tx
        .delete(payments)
        .where(and(eq(payments.chainId, chainId), gt(payments.blockNumber, ancestor.number)))
        .returning({ requestId: payments.requestId })
      await tx.delete(recentBlocks).where(and(eq(recentBlocks.chainId, chainId), gt(recentBlocks.blockNumber, ancestor.number)))
      await writeCursor(tx, ancestor)
      return recomputeStatuses(tx, [...new Set(dropped.map((d) => d.requestId))], settings(head))
    })
    return { cursor: ancestor, changed }
  }

  const writeCursor = (tx: Db, cursor: Cursor) =>
    tx
      .insert(chainCursors)
      .values({ chainId, blockNumber: cursor.number, blockHash: cursor.hash })
      .onConflictDoUpdate({ target: chainCursors.chainId, set: { blockNumber: cursor.number, blockHash: cursor.hash, updatedAt: new Date() } })

  // Terms never change after creation, so each pass reads only requests created since the last one
  // (with a margin for other servers' clocks). Cancelled ones stay: a payment to one is still recorded.
  const watched = new Map<string, WatchedRequest>()
  let newestSeen: Date | undefined
  const watchedRequests = async (): Promise<WatchedRequest[]> => {
    const since = newestSeen && new Date(newestSeen.getTime() - NEW_REQUEST_MARGIN_MS)
    const rows = await db
      .select({ id: paymentRequests.id, asset: paymentRequests.asset, payee: paymentRequests.payee, payer: paymentRequests.payer, reference: paymentRequests.reference, createdAt: paymentRequests.createdAt })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.chainId, chainId), since ? gte(paymentRequests.createdAt, since) : undefined))
    for (const r of rows) {
      watched.set(r.id, { id: r.id, asset: r.asset as WatchedRequest['asset'], payee: r.payee as Address, payer: r.payer as Address | null, reference: r.reference as Hex })
      if (!newestSeen || r.createdAt > newestSeen) newestSeen = r.createdAt
    }
    return [...watched.values()]
  }

  /** Where to start with no cursor: the block before the oldest request on this chain. */
  const startCursor = async (head: bigint): Promise<Cursor> => {
    const [row] = await db.select({ first: min(paymentRequests.createdBlock) }).from(paymentRequests).where(eq(paymentRequests.chainId, chainId))
    const first = row?.first === null || row?.first === undefined ? head + 1n : BigInt(row.first)
    const number = first > 0n ? first - 1n : 0n
    return { number, hash: (await blockHash(number))! }
  }

  return {
    async runOnce() {
      const head = await client.getBlockNumber({ cacheTime: 0 })
      const changed = new Set<string>()
      let cursor = await readCursor()
      if (cursor && (await blockHash(cursor.number)) !== cursor.hash) {
        const rolledBack = await rollBack()
        cursor = rolledBack.cursor
        rolledBack.changed.forEach((id) => changed.add(id))
      }
      cursor ??= await startCursor(head)

      const requests = await watchedRequests()
      /** What one range of blocks holds: payments, and the blocks whose time or hash the batch needs. */
      const read = async (from: bigint, to: bigint) => {
        const found = requests.length > 0 ? await findPayments(client, requests, from, to) : []
        // Blocks of payments whose logs lacked the time, and those close enough to the head to be reorged.
        const windowStart = head - REORG_WINDOW + 1n > from ? head - REORG_WINDOW + 1n : from
        const numbers = new Set<bigint>([to, ...found.filter((p) => p.blockTime === undefined).map((p) => p.blockNumber)])
        for (let n = windowStart; n <= to; n++) numbers.add(n)
        const blocks = new Map(await Promise.all([...numbers].map(async (n) => [n, await client.getBlock({ blockNumber: n })] as const)))
        return { to, found, blocks, windowStart }
      }
      const ranges: [bigint, bigint][] = []
      for (let from = cursor.number + 1n; from <= head; from += batchSize) ranges.push([from, from + batchSize - 1n < head ? from + batchSize - 1n : head])

      // Later ranges are read from the node while this one is written to the database.
      const reads: ReturnType<typeof read>[] = []
      const readAhead = (i: number) => {
        const range = ranges[i]
        if (!range || reads[i]) return
        reads[i] = read(...range)
        // Should a batch fail, the reads ahead are abandoned: keep their failures from going unhandled.
        reads[i]!.catch(() => {})
      }
      for (let i = 0; i < ranges.length; i++) {
        for (let ahead = 0; ahead <= READ_AHEAD; ahead++) readAhead(i + ahead)
        const { to, found, blocks, windowStart } = await reads[i]!
        delete reads[i]
        const batchChanged = await db.transaction(async (tx) => {
          const rows = found.map((p) => ({
            chain_id: chainId,
            tx_hash: p.txHash,
            log_index: p.logIndex,
            request_id: p.requestId,
            from_address: p.from,
            amount: p.amount.toString(),
            block_number: p.blockNumber.toString(),
            block_hash: p.blockHash,
            block_time: new Date(Number(p.blockTime ?? blocks.get(p.blockNumber)!.timestamp) * 1000).toISOString(),
          }))
          // All rows as one JSON parameter: no parameter limit, and no per-value query building.
          const inserted = rows.length
            ? await tx
                .insert(payments)
                .select(
                  sql`select r.*, now() from json_to_recordset(${JSON.stringify(rows)}::json) as r(chain_id integer, tx_hash text, log_index integer, request_id text, from_address text, amount numeric, block_number bigint, block_hash text, block_time timestamptz)`,
                )
                .onConflictDoNothing()
                .returning({ requestId: payments.requestId })
            : []
          const recent = [...blocks.values()].filter((b) => b.number! >= windowStart)
          if (recent.length)
            await tx
              .insert(recentBlocks)
              .values(recent.map((b) => ({ chainId, blockNumber: b.number!, blockHash: b.hash! })))
              .onConflictDoUpdate({ target: [recentBlocks.chainId, recentBlocks.blockNumber], set: { blockHash: sql.raw('excluded.block_hash') } })
          await tx.delete(recentBlocks).where(and(eq(recentBlocks.chainId, chainId), lt(recentBlocks.blockNumber, head - REORG_WINDOW)))
          await writeCursor(tx, { number: to, hash: blocks.get(to)!.hash! })
          return recomputeStatuses(tx, [...new Set(inserted.map((row) => row.requestId))], settings(head))
        })
        batchChanged.forEach((id) => changed.add(id))
      }

      for (const id of await recomputeStatuses(db, await requestsDueForRecompute(db, chainId), settings(head))) changed.add(id)
      return [...changed]
    },
  }
}

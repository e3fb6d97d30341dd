import { and, between, eq, lt, sql } from 'drizzle-orm'
import type { Hash } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { chainCursors, payments, recentBlocks, unmatchedTransfers } from '../../db/schema.ts'
import { newShortId } from '../../domain/shortId.ts'
import { dueRequests } from '../../payments/dueRequests.ts'
import { matchByAmount, type FoundPayment, type IncomingTransfer } from './matchPayments.ts'
import { recomputeStatuses } from '../../payments/recomputeStatuses.ts'

/** Blocks whose hashes are kept below the cursor to find where a deep reorg forked. */
export const REORG_WINDOW = 128n

export type Cursor = { number: bigint; hash: Hash }

type Timed<T> = T & { blockTime: bigint }

export type RangeWrite = {
  chainId: number
  from: bigint
  to: bigint
  /** Payments this read found by reference in [from, to], block times filled in. */
  found: readonly Timed<FoundPayment>[]
  /** The other incoming transfers of [from, to]: matched by amount when unambiguous, else kept as unmatched. */
  unreferenced: readonly Timed<IncomingTransfer>[]
  /** Block hashes the watcher knows to be canonical: a stored transfer in one of them that this read missed is kept (a lagging log index), any other is dropped. */
  canonical: ReadonlyMap<bigint, Hash>
  /** Where the cursor moves, if it does. */
  cursor: Cursor | undefined
  head: bigint
  confirmations: number
}

const key = (t: { txHash: string; logIndex: number }) => `${t.txHash}:${t.logIndex}`

/**
 * One range in one transaction: its transfers (new ones recorded, moved ones updated, vanished ones
 * dropped), the cursor, and the statuses that changed; a crash at any point loses and doubles nothing.
 * A transfer is classified once, when first recorded (by reference, by amount, or unmatched); a
 * re-read only moves or drops it, so the payee's assignments stand. Returns the requests whose status changed.
 */
export async function writeRange(db: Db, write: RangeWrite): Promise<string[]> {
  const { chainId, from, to, found, unreferenced, canonical, cursor, head, confirmations } = write
  return db.transaction(async (tx) => {
    const touched = new Set<string>()
    const inRange = (table: typeof payments | typeof unmatchedTransfers) =>
      and(eq(table.chainId, chainId), between(table.blockNumber, from, to))
    const storedPayments = await tx
      .select({
        txHash: payments.txHash,
        logIndex: payments.logIndex,
        blockNumber: payments.blockNumber,
        blockHash: payments.blockHash,
        requestId: payments.requestId,
      })
      .from(payments)
      .where(inRange(payments))
    const storedUnmatched = await tx
      .select({
        txHash: unmatchedTransfers.txHash,
        logIndex: unmatchedTransfers.logIndex,
        blockNumber: unmatchedTransfers.blockNumber,
        blockHash: unmatchedTransfers.blockHash,
      })
      .from(unmatchedTransfers)
      .where(inRange(unmatchedTransfers))
    const read = new Set([...found, ...unreferenced].map(key))
    const vanishes = (t: { txHash: string; logIndex: number; blockNumber: bigint; blockHash: string }) =>
      !read.has(key(t)) && canonical.get(t.blockNumber) !== t.blockHash
    const drop = async (
      table: typeof payments | typeof unmatchedTransfers,
      rows: { txHash: string; logIndex: number }[],
    ) => {
      if (rows.length === 0) return
      const keys = JSON.stringify(rows.map((r) => ({ tx_hash: r.txHash, log_index: r.logIndex })))
      await tx.execute(sql`delete from ${table} using json_to_recordset(${keys}::json) as v(tx_hash text, log_index integer)
        where ${table.chainId} = ${chainId} and ${table.txHash} = v.tx_hash and ${table.logIndex} = v.log_index`)
    }
    const vanishedPayments = storedPayments.filter(vanishes)
    await drop(payments, vanishedPayments)
    await drop(unmatchedTransfers, storedUnmatched.filter(vanishes))
    vanishedPayments.forEach((p) => touched.add(p.requestId))

    const asPayment = new Map(storedPayments.map((p) => [key(p), p.requestId]))
    const asUnmatched = new Set(storedUnmatched.map(key))
    // Known transfers keep their class; new ones by reference are payments.
    const paymentRows = [
      ...found
        .filter((p) => !asUnmatched.has(key(p)))
        .map((p) => ({ ...p, requestId: asPayment.get(key(p)) ?? p.requestId, matchedBy: 'reference' })),
      ...unreferenced
        .filter((t) => asPayment.has(key(t)))
        .map((t) => ({ ...t, requestId: asPayment.get(key(t))!, matchedBy: 'reference' })),
    ]
    const fresh = unreferenced.filter((t) => !asPayment.has(key(t)) && !asUnmatched.has(key(t)))
    const byAmount = matchByAmount(
      fresh,
      fresh.length
        ? await dueRequests(tx, { chainId, payees: fresh.map((t) => t.to), assets: fresh.map((t) => t.asset) })
        : [],
    )
    paymentRows.push(...byAmount.payments.map((p) => ({ ...(p as Timed<FoundPayment>), matchedBy: 'amount' })))
    const unmatchedRows = [
      ...unreferenced.filter((t) => asUnmatched.has(key(t))),
      ...(byAmount.unmatched as Timed<IncomingTransfer>[]),
    ]

    if (paymentRows.length) {
      const rows = paymentRows.map((p) => ({
        chain_id: chainId,
        tx_hash: p.txHash,
        log_index: p.logIndex,
        request_id: p.requestId,
        from_address: p.from,
        amount: p.amount.toString(),
        block_number: p.blockNumber.toString(),
        block_hash: p.blockHash,
        block_time: new Date(Number(p.blockTime) * 1000).toISOString(),
        matched_by: p.matchedBy,
      }))
      // All rows as one JSON parameter: no parameter limit, and no per-value query building. A
      // payment seen before comes back only if a reorg moved it to another block.
      const written = await tx
        .insert(payments)
        .select(
          sql`select r.chain_id, r.tx_hash, r.log_index, r.request_id, r.from_address, r.amount, r.block_number, r.block_hash, r.block_time, now(), r.matched_by, null, null
            from json_to_recordset(${JSON.stringify(rows)}::json) as r(chain_id integer, tx_hash text, log_index integer, request_id text, from_address text, amount numeric, block_number bigint, block_hash text, block_time timestamptz, matched_by text)`,
        )
        .onConflictDoUpdate({
          target: [payments.chainId, payments.txHash, payments.logIndex],
          set: {
            blockNumber: sql.raw('excluded.block_number'),
            blockHash: sql.raw('excluded.block_hash'),
            blockTime: sql.raw('excluded.block_time'),
          },
          setWhere: sql`${payments.blockHash} <> excluded.block_hash`,
        })
        .returning({ requestId: payments.requestId })
      written.forEach((row) => touched.add(row.requestId))
    }

    if (unmatchedRows.length) {
      const rows = unmatchedRows.map((t) => ({
        id: newShortId(),
        chain_id: chainId,
        tx_hash: t.txHash,
        log_index: t.logIndex,
        payee: t.to,
        asset: t.asset,
        from_address: t.from,
        amount: t.amount.toString(),
        block_number: t.blockNumber.toString(),
        block_hash: t.blockHash,
        block_time: new Date(Number(t.blockTime) * 1000).toISOString(),
      }))
      await tx
        .insert(unmatchedTransfers)
        .select(
          sql`select r.id, r.chain_id, r.tx_hash, r.log_index, r.payee, r.asset, r.from_address, r.amount, r.block_number, r.block_hash, r.block_time, now(), null, null
            from json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, chain_id integer, tx_hash text, log_index integer, payee text, asset text, from_address text, amount numeric, block_number bigint, block_hash text, block_time timestamptz)`,
        )
        .onConflictDoUpdate({
          target: [unmatchedTransfers.chainId, unmatchedTransfers.txHash, unmatchedTransfers.logIndex],
          set: {
            blockNumber: sql.raw('excluded.block_number'),
            blockHash: sql.raw('excluded.block_hash'),
            blockTime: sql.raw('excluded.block_time'),
          },
          setWhere: sql`${unmatchedTransfers.blockHash} <> excluded.block_hash`,
        })
    }

    if (cursor) {
      await tx
        .insert(chainCursors)
        .values({ chainId, blockNumber: cursor.number, blockHash: cursor.hash })
        .onConflictDoUpdate({
          target: chainCursors.chainId,
          set: { blockNumber: cursor.number, blockHash: cursor.hash, updatedAt: new Date() },
        })
      await tx
        .insert(recentBlocks)
        .values({ chainId, blockNumber: cursor.number, blockHash: cursor.hash })
        .onConflictDoUpdate({
          target: [recentBlocks.chainId, recentBlocks.blockNumber],
          set: { blockHash: cursor.hash },
        })
      await tx
        .delete(recentBlocks)
        .where(and(eq(recentBlocks.chainId, chainId), lt(recentBlocks.blockNumber, cursor.number - REORG_WINDOW)))
    }
    return recomputeStatuses(tx, [...touched], { head, confirmations })
  })
}

import { and, between, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { payments, refundTransfers, unmatchedTransfers } from '../../db/schema.ts'
import { newShortId } from '../../domain/shortId.ts'
import type { MatchedPayment, StoredTransfer } from '../match/matchRange.ts'
import type { TimedTransfer } from '../read/watcherEvents.ts'

type TransferTable = typeof payments | typeof unmatchedTransfers | typeof refundTransfers

/** What is recorded of [from, to] already, as payments and as unmatched transfers. */
export async function readStoredTransfers(db: Db, chainId: number, from: bigint, to: bigint) {
  const inRange = (table: TransferTable) => and(eq(table.chainId, chainId), between(table.blockNumber, from, to))
  const storedPayments: StoredTransfer[] = await db
    .select({
      txHash: payments.txHash,
      logIndex: payments.logIndex,
      blockNumber: payments.blockNumber,
      blockHash: payments.blockHash,
      requestId: payments.requestId,
    })
    .from(payments)
    .where(inRange(payments))
  const storedUnmatched: StoredTransfer[] = await db
    .select({
      txHash: unmatchedTransfers.txHash,
      logIndex: unmatchedTransfers.logIndex,
      blockNumber: unmatchedTransfers.blockNumber,
      blockHash: unmatchedTransfers.blockHash,
    })
    .from(unmatchedTransfers)
    .where(inRange(unmatchedTransfers))
  return { payments: storedPayments, unmatched: storedUnmatched }
}

export async function dropTransfers(db: Db, table: TransferTable, chainId: number, rows: readonly StoredTransfer[]) {
  if (rows.length === 0) return
  const keys = JSON.stringify(rows.map((r) => ({ tx_hash: r.txHash, log_index: r.logIndex })))
  await db.execute(sql`delete from ${table} using json_to_recordset(${keys}::json) as v(tx_hash text, log_index integer)
        where ${table.chainId} = ${chainId} and ${table.txHash} = v.tx_hash and ${table.logIndex} = v.log_index`)
}

export const isoTime = (blockTime: bigint) => new Date(Number(blockTime) * 1000).toISOString()

/** Records payments; one seen before comes back only if a reorg moved it to another block. Returns the requests they touch. */
export async function upsertPayments(db: Db, chainId: number, found: readonly MatchedPayment[]): Promise<string[]> {
  if (found.length === 0) return []
  const rows = found.map((p) => ({
    chain_id: chainId,
    tx_hash: p.txHash,
    log_index: p.logIndex,
    request_id: p.requestId,
    from_address: p.from,
    amount: p.amount.toString(),
    block_number: p.blockNumber.toString(),
    block_hash: p.blockHash,
    block_time: isoTime(p.blockTime),
    matched_by: p.matchedBy,
  }))
  // All rows as one JSON parameter: no parameter limit, and no per-value query building.
  const written = await db
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
  return written.map((row) => row.requestId)
}

/** Records transfers that pay no request, for the payee to assign or dismiss. */
export async function upsertUnmatched(db: Db, chainId: number, transfers: readonly TimedTransfer[]) {
  if (transfers.length === 0) return
  const rows = transfers.map((t) => ({
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
    block_time: isoTime(t.blockTime),
  }))
  await db
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

import { and, between, eq, inArray, sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { auditLog, refundTransfers } from '../../db/schema.ts'
import { AUDITED_FROM_CHAIN, REFUND_SENT_ACTION } from '../../domain/audit.ts'
import { issueRefundCreditNotes } from '../../payments/creditNotes/refundCreditNotes.ts'
import { recomputeRefunded } from '../../payments/refunds/refundRows.ts'
import { matchRefunds, type FoundRefund, type StoredRefundTransfer } from '../match/matchRefunds.ts'
import type { RangeEvent } from '../read/watcherEvents.ts'
import { dropTransfers, isoTime } from './transferRows.ts'
import { storedPayoutTransfers, writePayoutTransfers } from './payoutTransferRows.ts'

/**
 * The range's refund transfers, inside its write transaction: matched against the refunds looked
 * for, recorded (or dropped when they left the chain), their requests' refunded totals set, and
 * a credit note issued for each refund of an invoice. Returns the requests whose total changed.
 */
export async function writeRefunds(tx: Db, chainId: number, range: RangeEvent): Promise<string[]> {
  if (range.refunds.watched.size === 0) return []
  const stored: StoredRefundTransfer[] = await tx
    .select({
      txHash: refundTransfers.txHash,
      logIndex: refundTransfers.logIndex,
      blockNumber: refundTransfers.blockNumber,
      blockHash: refundTransfers.blockHash,
      requestId: refundTransfers.requestId,
      refundId: refundTransfers.refundId,
    })
    .from(refundTransfers)
    .where(and(eq(refundTransfers.chainId, chainId), between(refundTransfers.blockNumber, range.from, range.to)))
  const storedLines = await storedPayoutTransfers(tx, chainId, range)
  const matched = matchRefunds({
    transfers: range.refunds.transfers,
    watched: range.refunds.watched,
    stored: [...stored, ...storedLines],
    canonical: range.canonical,
  })
  const payoutLineIds = new Set(storedLines.map((t) => t.refundId))
  await writePayoutTransfers(tx, {
    found: matched.found.filter((t) => t.kind === 'payout'),
    vanished: matched.vanished.filter((t) => payoutLineIds.has(t.refundId)),
  })
  const found = matched.found.filter((t) => t.kind !== 'payout')
  const vanished = matched.vanished.filter((t) => !payoutLineIds.has(t.refundId))
  await dropTransfers(tx, refundTransfers, chainId, vanished)
  const written = await upsertRefundTransfers(tx, chainId, found)
  await auditRefundsSent(tx, found, written)
  const requests = written.map((row) => row.requestId)
  await issueRefundCreditNotes(tx, requests)
  return recomputeRefunded(tx, [...vanished.map((t) => t.requestId!), ...requests])
}

/**
 * The business's wallet sent a refund: the audit log names it once, as the chain shows it, however it
 * was sent (the request's page, another wallet app). A reorg that moves its transfer, or drops it and
 * the chain takes it again, finds the entry there and adds none.
 */
async function auditRefundsSent(tx: Db, found: readonly FoundRefund[], written: readonly WrittenRefundTransfer[]) {
  if (written.length === 0) return
  // Each refund once, named for the wallet its transfer came from.
  const walletOf = new Map(
    written.map((row) => [
      row.refundId,
      getAddress(found.find((t) => t.txHash === row.txHash && t.logIndex === row.logIndex)!.from),
    ]),
  )
  const audited = await tx
    .select({ refundId: auditLog.objectId })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.business, [...new Set(walletOf.values())]),
        eq(auditLog.action, REFUND_SENT_ACTION),
        inArray(auditLog.objectId, [...walletOf.keys()]),
      ),
    )
  for (const entry of audited) walletOf.delete(entry.refundId!)
  if (walletOf.size === 0) return
  await tx.insert(auditLog).values(
    [...walletOf].map(([refundId, wallet]) => ({
      business: wallet,
      actor: wallet,
      role: 'owner',
      action: REFUND_SENT_ACTION,
      objectId: refundId,
      clientIp: AUDITED_FROM_CHAIN,
    })),
  )
}

type WrittenRefundTransfer = {
  requestId: string
  refundId: string
  txHash: string
  logIndex: number
}

/** Records refund transfers; one seen before comes back only if a reorg moved it. */
async function upsertRefundTransfers(
  tx: Db,
  chainId: number,
  found: readonly FoundRefund[],
): Promise<WrittenRefundTransfer[]> {
  if (found.length === 0) return []
  const rows = found.map((t) => ({
    chain_id: chainId,
    tx_hash: t.txHash,
    log_index: t.logIndex,
    refund_id: t.refundId,
    request_id: t.requestId,
    to_address: t.to,
    amount: t.amount.toString(),
    block_number: t.blockNumber.toString(),
    block_hash: t.blockHash,
    block_time: isoTime(t.blockTime),
  }))
  const written = await tx
    .insert(refundTransfers)
    .select(
      sql`select r.chain_id, r.tx_hash, r.log_index, r.refund_id, r.request_id, r.to_address, r.amount, r.block_number, r.block_hash, r.block_time, now()
            from json_to_recordset(${JSON.stringify(rows)}::json) as r(chain_id integer, tx_hash text, log_index integer, refund_id text, request_id text, to_address text, amount numeric, block_number bigint, block_hash text, block_time timestamptz)`,
    )
    .onConflictDoUpdate({
      target: [refundTransfers.chainId, refundTransfers.txHash, refundTransfers.logIndex],
      set: {
        blockNumber: sql.raw('excluded.block_number'),
        blockHash: sql.raw('excluded.block_hash'),
        blockTime: sql.raw('excluded.block_time'),
      },
      setWhere: sql`${refundTransfers.blockHash} <> excluded.block_hash`,
    })
    .returning({
      requestId: refundTransfers.requestId,
      refundId: refundTransfers.refundId,
      txHash: refundTransfers.txHash,
      logIndex: refundTransfers.logIndex,
    })
  return written
}

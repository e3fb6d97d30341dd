import { and, between, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { auditLog, payoutLines, payouts } from '../../db/schema.ts'
import { AUDITED_FROM_CHAIN, PAYOUT_SENT_ACTION } from '../../domain/audit.ts'
import type { FoundRefund, StoredRefundTransfer } from '../match/matchRefunds.ts'
import type { RangeEvent } from '../read/watcherEvents.ts'

/** The payout lines recorded in the range, as the refund matcher weighs stored transfers. */
export async function storedPayoutTransfers(
  tx: Db,
  chainId: number,
  range: RangeEvent,
): Promise<StoredRefundTransfer[]> {
  const rows = await tx
    .select({
      txHash: payoutLines.txHash,
      logIndex: payoutLines.logIndex,
      blockNumber: payoutLines.blockNumber,
      blockHash: payoutLines.blockHash,
      requestId: payoutLines.payoutId,
      refundId: payoutLines.id,
    })
    .from(payoutLines)
    .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
    .where(
      and(
        eq(payouts.chainId, chainId),
        isNotNull(payoutLines.txHash),
        between(payoutLines.blockNumber, range.from, range.to),
      ),
    )
  return rows.map((r) => ({
    ...r,
    txHash: r.txHash!,
    logIndex: r.logIndex!,
    blockNumber: r.blockNumber!,
    blockHash: r.blockHash!,
  }))
}

/**
 * Records each line's transfer as the chain shows it (a line is paid by its first transfer; one a
 * reorg moved is moved with it), and clears those that left the chain: prepared is not paid. The
 * audit log names each payout the first time one of its lines is recorded.
 */
export async function writePayoutTransfers(
  tx: Db,
  { found, vanished }: { found: readonly FoundRefund[]; vanished: readonly StoredRefundTransfer[] },
) {
  if (vanished.length > 0)
    await tx
      .update(payoutLines)
      .set({ txHash: null, logIndex: null, blockNumber: null, blockHash: null, blockTime: null })
      .where(inArray(payoutLines.id, [...new Set(vanished.map((t) => t.refundId))]))
  const sent = new Set<string>()
  for (const t of found) {
    const written = await tx
      .update(payoutLines)
      .set({
        txHash: t.txHash,
        logIndex: t.logIndex,
        blockNumber: t.blockNumber,
        blockHash: t.blockHash,
        blockTime: new Date(Number(t.blockTime) * 1000),
      })
      .where(
        and(
          eq(payoutLines.id, t.refundId),
          sql`(${payoutLines.txHash} is null or (${payoutLines.txHash} = ${t.txHash} and ${payoutLines.logIndex} = ${t.logIndex}))`,
        ),
      )
      .returning({ payoutId: payoutLines.payoutId })
    for (const row of written) sent.add(row.payoutId)
  }
  await auditPayoutsSent(tx, [...sent])
}

/**
 * The business's wallet sent a payout: the audit log names it once, as the chain shows it. Its other
 * lines, a later range and a reorg that moves or drops and brings it back find the entry there and add none.
 */
async function auditPayoutsSent(tx: Db, payoutIds: readonly string[]) {
  if (payoutIds.length === 0) return
  const unaudited = await tx
    .select({ id: payouts.id, payee: payouts.payee })
    .from(payouts)
    .where(
      and(
        inArray(payouts.id, payoutIds),
        sql`not exists (select 1 from ${auditLog} where ${auditLog.business} = ${payouts.payee} and ${auditLog.action} = ${PAYOUT_SENT_ACTION} and ${auditLog.objectId} = ${payouts.id})`,
      ),
    )
  if (unaudited.length === 0) return
  await tx.insert(auditLog).values(
    unaudited.map((payout) => ({
      business: payout.payee,
      actor: payout.payee,
      role: 'owner',
      action: PAYOUT_SENT_ACTION,
      objectId: payout.id,
      clientIp: AUDITED_FROM_CHAIN,
    })),
  )
}

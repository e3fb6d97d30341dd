import { and, eq, gt } from 'drizzle-orm'
import { getAddress, type Address, type Hex } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { refunds } from '../../db/schema.ts'
import { payoutLinesToWatch } from '../payouts/watchedPayouts.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'

/**
 * What the watcher needs of a refund to recognise its transfer: who sends it, in what, with which
 * reference. A payout's line is watched the same way (`kind` 'payout', `requestId` its payout).
 */
export type WatchedRefund = {
  kind?: 'payout'
  id: string
  requestId: string
  payee: Address
  asset: Address | typeof NATIVE_ASSET
  reference: Hex
}

/**
 * The refunds of a chain prepared since `since`, cancelled or not: a cancelled refund's transfer
 * may still arrive (the wallet had sent it), and the chain has the last word.
 */
export async function refundsToWatch(db: Db, chainId: number, since: Date): Promise<WatchedRefund[]> {
  const rows = await db
    .select({
      id: refunds.id,
      requestId: refunds.requestId,
      payee: refunds.payee,
      asset: refunds.asset,
      reference: refunds.reference,
    })
    .from(refunds)
    .where(and(eq(refunds.chainId, chainId), gt(refunds.createdAt, since)))
  return [...rows, ...(await payoutLinesToWatch(db, chainId, since))].map((r) => ({
    ...r,
    payee: getAddress(r.payee),
    asset: r.asset === NATIVE_ASSET ? NATIVE_ASSET : getAddress(r.asset),
    reference: r.reference as Hex,
  }))
}

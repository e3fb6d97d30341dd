import type { Db } from '../../db/createDatabase.ts'
import { payments, unmatchedTransfers } from '../../db/schema.ts'
import { dueRequests } from '../../payments/repository/dueRequests.ts'
import { recomputeStatuses } from '../../payments/repository/recomputeStatuses.ts'
import { requestsByReference } from '../../payments/repository/watchedRequests.ts'
import { candidateReferences } from '../match/matchPayments.ts'
import { matchRange, type RangeMatchInput } from '../match/matchRange.ts'
import type { RangeEvent } from '../read/watcherEvents.ts'
import { advanceCursor, recordHead } from './cursorRows.ts'
import { writeRefunds } from './refundTransferRows.ts'
import { dropTransfers, readStoredTransfers, upsertPayments, upsertUnmatched } from './transferRows.ts'

export type WriteOptions = {
  chainId: number
  confirmations: number
  firstRequestBlock: RangeMatchInput['firstRequestBlock']
  /** Run first in each transaction: throws unless this server still holds the chain (its lease). */
  fence?: ((tx: Db) => Promise<void>) | undefined
}

/**
 * One range in one transaction: what is recorded of it and the requests its transfers may pay are
 * looked up, matched (`matchRange`), and written with the cursor and the statuses that changed; a
 * crash at any point loses and doubles nothing. Returns the requests whose status changed.
 */
export async function writeRange(db: Db, range: RangeEvent, options: WriteOptions): Promise<string[]> {
  const { chainId, confirmations } = options
  return db.transaction(async (tx) => {
    await options.fence?.(tx)
    const stored = await readStoredTransfers(tx, chainId, range.from, range.to)
    const candidates = await requestsByReference(tx, chainId, candidateReferences(range.transfers))
    const matching = matchRange({
      transfers: range.transfers,
      candidates,
      stored,
      canonical: range.canonical,
      head: range.head,
      firstRequestBlock: options.firstRequestBlock,
    })
    const fresh = matching.awaitingAmount
    const match = matching.withDue(
      fresh.length
        ? await dueRequests(tx, { chainId, payees: fresh.map((t) => t.to), assets: fresh.map((t) => t.asset) })
        : [],
    )
    await dropTransfers(tx, payments, chainId, match.vanishedPayments)
    await dropTransfers(tx, unmatchedTransfers, chainId, match.vanishedUnmatched)
    const touched = new Set(match.vanishedPayments.map((p) => p.requestId!))
    for (const requestId of await upsertPayments(tx, chainId, match.payments)) touched.add(requestId)
    await upsertUnmatched(tx, chainId, match.unmatched)
    const refunded = await writeRefunds(tx, chainId, range)
    if (range.cursor) await advanceCursor(tx, chainId, range.cursor)
    await recordHead(tx, chainId, range.head)
    const changed = await recomputeStatuses(tx, [...touched], { head: range.head, confirmations, chainId })
    return [...new Set([...changed, ...refunded])]
  })
}

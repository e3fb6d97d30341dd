import type { Address, Hash } from 'viem'
import type { DueRequest } from '../../payments/repository/dueRequests.ts'
import type { CandidateRequest } from '../../payments/repository/watchedRequests.ts'
import type { TimedTransfer } from '../read/watcherEvents.ts'
import { matchByAmount, matchPayments, type FoundPayment, type IncomingTransfer } from './matchPayments.ts'

/** A transfer already recorded in the range: as a payment (with its request) or as unmatched. */
export type StoredTransfer = {
  txHash: string
  logIndex: number
  blockNumber: bigint
  blockHash: string
  requestId?: string
}

export type MatchedPayment = FoundPayment & { blockTime: bigint; matchedBy: 'reference' | 'amount' }

/** What a range's write does: payments and unmatched transfers to record, stored ones that vanished. */
export type RangeMatch = {
  payments: MatchedPayment[]
  unmatched: TimedTransfer[]
  vanishedPayments: StoredTransfer[]
  vanishedUnmatched: StoredTransfer[]
}

export type RangeMatchInput = {
  /** What the read stage found in the range. */
  transfers: readonly TimedTransfer[]
  /** The requests the transfers' references name (`candidateReferences`). */
  candidates: ReadonlyMap<string, CandidateRequest>
  /** What is recorded in the range already. */
  stored: { payments: readonly StoredTransfer[]; unmatched: readonly StoredTransfer[] }
  canonical: ReadonlyMap<bigint, Hash>
  head: bigint
  /** The block a payee first asked for an asset at: earlier transfers are none of Billfold's business. */
  firstRequestBlock(asset: IncomingTransfer['asset'], payee: Address): bigint | undefined
}

export const transferKey = (t: { txHash: string; logIndex: number }) => `${t.txHash}:${t.logIndex}`

/**
 * The one matching step, pure: by reference first, then what carries none by amount. A transfer is
 * classified once, when first recorded; a re-read keeps its class (so a payee's assignment stands)
 * and only moves it. A stored transfer that this read missed vanishes unless its block is known to be
 * canonical (a node whose log index lags keeps it).
 */
export function matchRange(input: RangeMatchInput) {
  const { stored, canonical } = input
  const { found, unreferenced, asPayment, asUnmatched, fresh } = byReference(input)
  return {
    /**
     * The transfers the amount matching will weigh: they pay nothing by reference and are not
     * recorded yet. Only their payees' open requests need reading (a busy payee has thousands).
     */
    awaitingAmount: fresh,
    /** The whole match, given the open requests (with what is still due) of those transfers' payees and assets. */
    withDue(due: readonly DueRequest[]): RangeMatch {
      const read = new Set([...found, ...unreferenced].map(transferKey))
      const vanishes = (t: StoredTransfer) => !read.has(transferKey(t)) && canonical.get(t.blockNumber) !== t.blockHash
      // Known transfers keep their class; new ones by reference are payments.
      const payments: MatchedPayment[] = [
        ...found
          .filter((p) => !asUnmatched.has(transferKey(p)))
          .map((p) => ({
            ...p,
            requestId: asPayment.get(transferKey(p)) ?? p.requestId,
            matchedBy: 'reference' as const,
          })),
        ...unreferenced
          .filter((t) => asPayment.has(transferKey(t)))
          .map((t) => ({
            ...paymentOf(t),
            requestId: asPayment.get(transferKey(t))!,
            matchedBy: 'reference' as const,
          })),
      ]
      const byAmount = matchByAmount(fresh, due)
      payments.push(...byAmount.payments.map((p) => ({ ...p, blockTime: p.blockTime!, matchedBy: 'amount' as const })))
      return {
        payments,
        unmatched: [
          ...unreferenced.filter((t) => asUnmatched.has(transferKey(t))),
          ...(byAmount.unmatched as TimedTransfer[]),
        ],
        vanishedPayments: stored.payments.filter(vanishes),
        vanishedUnmatched: stored.unmatched.filter(vanishes),
      }
    },
  }
}

function byReference(input: RangeMatchInput) {
  const matched = matchPayments(input.transfers, input.candidates)
  const unreferenced = (matched.unreferenced as TimedTransfer[]).filter(
    (t) => (input.firstRequestBlock(t.asset, t.to) ?? input.head) < t.blockNumber,
  )
  const asPayment = new Map(input.stored.payments.map((p) => [transferKey(p), p.requestId!]))
  const asUnmatched = new Set(input.stored.unmatched.map(transferKey))
  return {
    found: matched.payments as (FoundPayment & { blockTime: bigint })[],
    unreferenced,
    asPayment,
    asUnmatched,
    fresh: unreferenced.filter((t) => !asPayment.has(transferKey(t)) && !asUnmatched.has(transferKey(t))),
  }
}

const paymentOf = (t: TimedTransfer) => ({
  txHash: t.txHash,
  logIndex: t.logIndex,
  from: t.from,
  amount: t.amount,
  blockNumber: t.blockNumber,
  blockHash: t.blockHash,
  blockTime: t.blockTime,
})

import type { Address } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { NATIVE_ASSET } from '../domain/paymentRequest.ts'
import { REFUND_HOLD_MS } from '../payments/refunds/prepareRefund.ts'
import { refundsToWatch, type WatchedRefund } from '../payments/refunds/watchedRefunds.ts'

export type RefundDirectory = {
  /** Token contracts with refunds to look for. */
  readonly tokens: readonly Address[]
  /** Payees sending token refunds: the `from` topics of the log filter. */
  readonly tokenPayees: readonly Address[]
  /** Lower-cased payees sending native refunds. */
  readonly nativePayees: ReadonlySet<string>
  /** The refunds looked for, by reference. */
  readonly byReference: ReadonlyMap<string, WatchedRefund>
  /** Reads the refunds to look for again (a few, recent: one indexed query per pass). */
  refresh(): Promise<void>
}

/**
 * The refunds a chain's watcher looks for: those prepared within their hold (a day), whose payees'
 * outgoing transfers are read. Outside it, a payee's outgoing transfers are none of Billfold's business.
 */
export function createRefundDirectory(db: Db, chainId: number): RefundDirectory {
  let directory = build([])
  return {
    get tokens() {
      return directory.tokens
    },
    get tokenPayees() {
      return directory.tokenPayees
    },
    get nativePayees() {
      return directory.nativePayees
    },
    get byReference() {
      return directory.byReference
    },
    async refresh() {
      directory = build(await refundsToWatch(db, chainId, new Date(Date.now() - REFUND_HOLD_MS)))
    },
  }
}

function build(watched: readonly WatchedRefund[]) {
  const tokens = new Map<string, Address>()
  const tokenPayees = new Map<string, Address>()
  const nativePayees = new Set<string>()
  for (const refund of watched) {
    if (refund.asset === NATIVE_ASSET) nativePayees.add(refund.payee.toLowerCase())
    else {
      tokens.set(refund.asset.toLowerCase(), refund.asset)
      tokenPayees.set(refund.payee.toLowerCase(), refund.payee)
    }
  }
  return {
    tokens: [...tokens.values()],
    tokenPayees: [...tokenPayees.values()],
    nativePayees,
    byReference: new Map(watched.map((r) => [r.reference.toLowerCase(), r])),
  }
}

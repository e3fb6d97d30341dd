import { getAddress, type Address } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { payeesOfRequests } from '../payments/repository/watchedRequests.ts'
import { NATIVE_ASSET } from '../domain/paymentRequest.ts'

/** Other servers' clocks may run behind ours: requests created this long before the newest seen are read again. */
const CLOCK_MARGIN_MS = 60_000

export type PayeeDirectory = {
  /** Token contracts with requests on this chain. */
  readonly tokens: readonly Address[]
  /** Payees with token requests: the `to` topics of the log filter. */
  readonly tokenPayees: readonly Address[]
  /** Lower-cased payees with native-coin requests. */
  readonly nativePayees: ReadonlySet<string>
  /** The block the payee's first request for the asset was made at. */
  firstRequestBlock(asset: Address | typeof NATIVE_ASSET, payee: Address): bigint | undefined
  /**
   * Adds the payees of requests made since the last call. Returns the oldest block a newly seen
   * payee's request was made at, so the watcher can look back for its payments, or undefined.
   */
  refresh(): Promise<bigint | undefined>
}

/**
 * Who can be paid on a chain, kept as sets of payees rather than every request: the watcher filters
 * logs by these and looks requests up by reference in the database. Loaded once, then only the
 * requests made since the last pass are read.
 */
export function createPayeeDirectory(db: Db, chainId: number): PayeeDirectory {
  const tokens = new Map<string, Address>()
  const tokenPayees = new Map<string, Address>()
  const nativePayees = new Set<string>()
  const pairs = new Map<string, bigint | undefined>()
  let newestSeen: Date | undefined
  let tokenList: Address[] = []
  let payeeList: Address[] = []

  return {
    get tokens() {
      return tokenList
    },
    get tokenPayees() {
      return payeeList
    },
    nativePayees,
    firstRequestBlock: (asset, payee) => pairs.get(`${asset}:${payee}`.toLowerCase()),
    async refresh() {
      const since = newestSeen && new Date(newestSeen.getTime() - CLOCK_MARGIN_MS)
      const rows = await payeesOfRequests(db, chainId, since)
      const first = newestSeen === undefined
      let lookBack: bigint | undefined
      for (const row of rows) {
        const newest = new Date(row.newest)
        if (!newestSeen || newest > newestSeen) newestSeen = newest
        const pair = `${row.asset}:${row.payee}`.toLowerCase()
        const block = row.createdBlock === null ? undefined : BigInt(row.createdBlock)
        if (pairs.has(pair)) continue
        pairs.set(pair, block)
        const payee = getAddress(row.payee)
        if (row.asset === NATIVE_ASSET) nativePayees.add(payee.toLowerCase())
        else {
          tokens.set(row.asset.toLowerCase(), getAddress(row.asset))
          tokenPayees.set(payee.toLowerCase(), payee)
        }
        if (!first && block !== undefined && (lookBack === undefined || block < lookBack)) lookBack = block
      }
      tokenList = [...tokens.values()]
      payeeList = [...tokenPayees.values()]
      return lookBack
    },
  }
}

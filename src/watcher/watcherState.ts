import type { Hash } from 'viem'
import type { IncomingTransfer } from './match/matchPayments.ts'
import type { Db } from '../db/createDatabase.ts'
import type { ActiveChain } from '../chain/chains.ts'
import type { ChainRpc } from '../chain/rpc/chainRpc.ts'
import type { LogRangeSize } from '../chain/rpc/logRangeSize.ts'
import type { Tracing } from '../chain/rpc/nativeTransfers.ts'
import type { PayeeDirectory } from './payeeDirectory.ts'
import type { RefundDirectory } from './refundDirectory.ts'
import type { RpcTransaction } from '../chain/rpc/rpcShapes.ts'
import type { Logger } from '../domain/logger.ts'
import { createHeadArrival, type HeadArrival } from './read/headArrival.ts'
import type { HeadFollower } from './read/followHeads.ts'

export type Header = {
  number: bigint
  hash: Hash
  parentHash: Hash
  timestamp: bigint
  logsBloom: Uint8Array | undefined
}

export type Cursor = { number: bigint; hash: Hash }

/** What a chain's watcher works with and never changes: its chain, its RPC, its database. */
export type WatcherContext = {
  db: Db
  chain: ActiveChain
  chainId: number
  rpc: ChainRpc
  /** Blocks behind the head that every pass reads again. */
  window: bigint
  rangeSize: LogRangeSize
  payees: PayeeDirectory
  refunds: RefundDirectory
  /** Carries the chain's id. */
  logger: Logger
  /** How the watcher names itself in log lines. */
  label: string
  /** Heads pushed by a subscription, where the chain has one. */
  heads: HeadFollower | undefined
}

/** What a chain's watcher remembers from one pass to the next; nothing of it is needed after a restart. */
export type WatcherState = {
  /** Canonical headers of the blocks the passes re-read. */
  seen: Map<bigint, Header>
  /** Blocks whose native transfers were read, with the hash they were read at. */
  nativeRead: Map<bigint, Hash>
  nativeReadThrough: bigint | undefined
  tracing: Tracing | undefined
  /** Where to read again from for payees first seen since the last pass. */
  lookBackFrom: bigint | undefined
  head: bigint | undefined
  headHash: Hash | undefined
  readThrough: bigint | undefined
  lastReadAt: number
  /** The last "will be read again" line, so a stuck node is named once. */
  lastDistrust: string | undefined
  /** Each payee's bits in a logs bloom. */
  payeeBits: Map<string, number[]>
  /**
   * Token transfers of the re-read window as read (their transaction's input, their authorization),
   * by transaction, log index and block hash: a re-read of the same log in the same block asks the
   * node nothing more.
   */
  transfersRead: Map<string, IncomingTransfer>
  /**
   * Re-read blocks whose payee logs are all in `transfersRead`, with the hash they were read at, and
   * for which tokens and payees (their counts: the directory only grows).
   */
  logsSettled: Map<bigint, Hash>
  logsSettledFor: string | undefined
  /**
   * The newest head that held a transfer to a payee. While it is among the last few heads (payments
   * arriving block after block, or every other block) the head is read whole, and its transactions
   * (`headTransactions`) save a call per payment.
   */
  lastPaidHead: bigint | undefined
  headTransactions: { blockHash: Hash; byHash: Map<Hash, RpcTransaction> } | undefined
  /**
   * What this pass could not read in full (an untraceable transaction, a log in an odd shape), each
   * read another way or left out; reported on the chain's health.
   */
  gaps: string[]
  /**
   * The block passes kept stopping at for an odd answer, how many did, whether this pass skipped it,
   * and whether it was given up (skipped without asking while it is re-read).
   */
  stuck: { at: bigint; passes: number; skipped?: boolean; givenUp?: boolean } | undefined
  /** When the next block is due. */
  arrival: HeadArrival
}

export const newWatcherState = (): WatcherState => ({
  seen: new Map(),
  nativeRead: new Map(),
  nativeReadThrough: undefined,
  tracing: undefined,
  lookBackFrom: undefined,
  head: undefined,
  headHash: undefined,
  readThrough: undefined,
  lastReadAt: 0,
  lastDistrust: undefined,
  payeeBits: new Map(),
  transfersRead: new Map(),
  logsSettled: new Map(),
  logsSettledFor: undefined,
  lastPaidHead: undefined,
  headTransactions: undefined,
  gaps: [],
  stuck: undefined,
  arrival: createHeadArrival(),
})

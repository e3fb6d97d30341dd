import type { Hash } from 'viem'
import { LockLostError, type Database } from '../db/createDatabase.ts'
import { BaseError } from '../domain/baseError.ts'
import type { ActiveChain } from '../chain/chains.ts'
import type { ChainRpc } from '../chain/rpc/chainRpc.ts'
import { createLogRangeSize } from '../chain/rpc/logRangeSize.ts'
import { createChainHealth } from './chainHealth.ts'
import { readCursor } from './cursorStore.ts'
import { createPayeeDirectory } from './payeeDirectory.ts'
import { createRefundDirectory } from './refundDirectory.ts'
import { findForkPoint, followChain, startCursor } from './read/followChain.ts'
import type { HeadFollower } from './read/followHeads.ts'
import { ChainReadError, headerOf, readHeader, type RpcTransaction } from './read/readHeader.ts'
import { readRange } from './read/readRange.ts'
import { isOddAnswer, noteStuck, skipBlock, STUCK_PASSES } from './read/stuckBlocks.ts'
import type { RangeEvent, WatcherEvent } from './read/watcherEvents.ts'
import { newWatcherState, type Header, type WatcherContext, type WatcherState } from './watcherState.ts'
import { writeEvent } from './write/writeEvent.ts'
import type { WriteOptions } from './write/writeRange.ts'
import { silentLogger, type Logger } from '../domain/logger.ts'

/**
 * Blocks behind the head read again on every pass however few confirmations a chain asks: nodes
 * behind a load balancer answer for a head whose logs they have not indexed yet.
 */
export const MIN_REREAD_BLOCKS = 4
/** Heads read whole after one that paid a payee: payments that come every block or two save their own call. */
const PAYING_HEADS = 4n
/** Blocks written per database transaction. */
const BATCH_BLOCKS = 2000n
/** A pass stops starting new batches after this long, so expiry and health never wait for a long backfill. */
const PASS_BUDGET_MS = 3000

export type PassOutcome = {
  /** Requests whose status changed. */
  changed: string[]
  /** False while blocks remain to be read (a backfill in progress): the next pass should start at once. */
  caughtUp: boolean
  failed: boolean
  /** Whether this pass met a new head. */
  newHead: boolean
  /** When to ask for the next head: just after it is due, or the chain's polling interval when no block time is known. */
  nextPollMs: number
  /** The chain's block time when its blocks come at a steady pace (not a dev chain mining on demand). */
  blockIntervalMs: number | undefined
}

export type ChainWatcher = { runOnce(): Promise<PassOutcome> }

/**
 * The watcher of one chain, by stage. Each pass *reads* (the head, the canonical chain behind it, then
 * [cursor + 1, head] in batches: logs filtered by payee in ranges the provider accepts, native
 * transfers from traces where the node can trace) and hands each event to the *write* stage, which
 * *matches* and records it in one transaction (a reorg's roll-back too). The cursor stays `window`
 * blocks behind the head, so every pass reads the not-yet-final blocks again. Every pass ends with
 * `finalize` (expiry) and health, whatever failed before. What it wrote is announced by
 * the change journal's consumer (src/notifications/journal/).
 */
export function createChainWatcher({
  database,
  chain,
  rpc,
  logger = silentLogger,
  logRangeBlocks = 2000,
  fence,
  heads,
}: {
  database: Database
  chain: ActiveChain
  rpc: ChainRpc
  logger?: Logger
  /** Checked in each write transaction: that this server still holds the chain (see `HeldLock.fence`). */
  fence?: WriteOptions['fence']
  /** The first `eth_getLogs` range; it adapts to what the provider accepts. */
  logRangeBlocks?: number
  /** Heads pushed by a subscription: each saves the pass its `eth_getBlockByNumber`. */
  heads?: HeadFollower | undefined
}): ChainWatcher {
  const chainId = chain.chain.id
  const ctx: WatcherContext = {
    db: database.db,
    chain,
    chainId,
    rpc,
    window: BigInt(Math.max(chain.confirmations, MIN_REREAD_BLOCKS)),
    rangeSize: createLogRangeSize(logRangeBlocks),
    payees: createPayeeDirectory(database.db, chainId),
    refunds: createRefundDirectory(database.db, chainId),
    logger: logger.child({ chainId }),
    label: `[watcher] chain ${chainId} (${chain.chain.name})`,
    heads,
  }
  const health = createChainHealth({ db: ctx.db, chainId, chainName: chain.chain.name, logger: ctx.logger })
  const state = newWatcherState()
  return {
    async runOnce() {
      const changed = new Set<string>()
      const write = async (event: WatcherEvent) => {
        const options = {
          chainId,
          confirmations: chain.confirmations,
          firstRequestBlock: ctx.payees.firstRequestBlock,
          fence,
        }
        for (const id of await writeEvent(ctx.db, event, options)) changed.add(id)
      }
      let failure: unknown
      let progress: PassProgress = { caughtUp: true, newHead: false }
      try {
        progress = await readAndWrite(ctx, state, write)
      } catch (error) {
        // Another server holds the chain now: its expiry and health are that server's to write.
        if (error instanceof LockLostError) throw error
        failure = error
      }
      noteStuck(state, failure)
      await write({ type: 'finalize', head: state.head ?? 0n })
      await health.report({
        head: state.head,
        readThrough: state.readThrough,
        error: failure === undefined ? undefined : describe(failure),
        allowance: ctx.window,
        gaps: state.gaps.splice(0),
      })
      return {
        changed: [...changed],
        ...progress,
        failed: failure !== undefined,
        nextPollMs: state.arrival.nextPollIn(Date.now(), chain.pollingIntervalMs),
        blockIntervalMs: state.arrival.intervalMs(),
      }
    },
  }
}

type PassProgress = { caughtUp: boolean; newHead: boolean }

/** One pass's reading, each event written as it comes. */
async function readAndWrite(
  ctx: WatcherContext,
  state: WatcherState,
  write: (event: WatcherEvent) => Promise<void>,
): Promise<PassProgress> {
  const started = performance.now()
  // The payees are looked up while the head is asked for: the database's round trip costs no delay.
  const [{ transactions, ...latest }, [lookBack]] = await Promise.all([
    readLatest(ctx, state),
    Promise.all([ctx.payees.refresh(), ctx.refunds.refresh()]),
  ])
  // A head read as a header drops the last whole block: nothing is kept that no pass will use.
  state.headTransactions = transactions && {
    blockHash: latest.hash,
    byHash: new Map(transactions.map((t) => [t.hash.toLowerCase() as Hash, t])),
  }
  if (lookBack !== undefined && (state.lookBackFrom === undefined || lookBack < state.lookBackFrom))
    state.lookBackFrom = lookBack
  // Nothing new since the last read: only the head was asked. Read again now and then all the same,
  // for a node whose log index lagged when the head last moved.
  if (
    latest.hash === state.headHash &&
    state.lookBackFrom === undefined &&
    Date.now() - state.lastReadAt < 2000 &&
    state.readThrough === state.head
  )
    return { caughtUp: true, newHead: false }
  const newHead = latest.number !== state.head
  state.head = latest.number
  state.headHash = latest.hash
  let cursor = (await readCursor(ctx.db, ctx.chainId)) ?? (await startCursor(ctx, latest.number))
  if (!(await followChain(ctx, state, latest, cursor))) {
    const ancestor = await findForkPoint(ctx, state, latest.number)
    await write({ type: 'reorg', ancestor, head: latest.number })
    cursor = ancestor
    await followChain(ctx, state, latest, cursor)
  }
  state.nativeReadThrough ??= cursor.number
  let from = cursor.number + 1n
  if (state.lookBackFrom !== undefined && state.lookBackFrom < from) {
    from = state.lookBackFrom
    if (state.nativeReadThrough >= from) state.nativeReadThrough = from - 1n
  }
  state.readThrough = from - 1n
  state.lastReadAt = Date.now()
  const stuckAt = state.stuck && state.stuck.passes >= STUCK_PASSES ? state.stuck.at : undefined
  while (from <= latest.number) {
    let to = from + BATCH_BLOCKS - 1n < latest.number ? from + BATCH_BLOCKS - 1n : latest.number
    // The block passes kept stopping at is read alone.
    if (stuckAt !== undefined && from < stuckAt && to >= stuckAt) to = stuckAt - 1n
    if (stuckAt === from) to = from
    let range: RangeEvent
    if (stuckAt === from && state.stuck!.givenUp) {
      // Given up on an earlier pass: not asked again while it is re-read (its gap was reported then).
      range = await skipBlock(ctx, state, { block: from, latest, cursor })
      state.stuck!.skipped = true
    } else
      try {
        range = await readRange(ctx, state, { from, to, latest, cursor })
        if (stuckAt === from && range.to < to)
          throw new ChainReadError(`the node's logs disagree with its blocks at block ${from}`)
      } catch (error) {
        if (stuckAt !== from || !isOddAnswer(error)) throw error
        range = await skipBlock(ctx, state, { block: from, latest, cursor })
        state.gaps.push(`block ${from} skipped after ${STUCK_PASSES} passes stopped at it: ${describe(error)}`)
        state.stuck = { ...state.stuck!, skipped: true, givenUp: true }
      }
    await write(range)
    if (range.to >= from && (state.nativeReadThrough === undefined || range.to > state.nativeReadThrough))
      state.nativeReadThrough = range.to
    cursor = range.cursor ?? cursor
    state.readThrough = range.to
    if (range.to < to) throw new ChainReadError(`the node's logs disagree with its blocks at block ${range.to + 1n}`)
    from = to + 1n
    if (performance.now() - started > PASS_BUDGET_MS && from <= latest.number) return { caughtUp: false, newHead }
  }
  state.lookBackFrom = undefined
  return { caughtUp: true, newHead }
}

/**
 * The head: the one a subscription pushed (no call: a paying transaction is then asked for by hash,
 * never the whole block, which a quiet block after a paying one would waste), else `latest` asked
 * of the node (whole while payments arrive block after block). Each tells when the next is due.
 */
async function readLatest(
  ctx: WatcherContext,
  state: WatcherState,
): Promise<Header & { transactions?: RpcTransaction[] | undefined }> {
  const pushed = ctx.heads?.takePushed()
  // Older than a head a poll already found: the node's own answer stands.
  if (pushed && (state.head === undefined || pushed.number >= state.head)) {
    state.arrival.seen(pushed, pushed.at, true)
    return headerOf(pushed)
  }
  const paying = state.lastPaidHead !== undefined && state.head! - state.lastPaidHead < PAYING_HEADS
  const head = await readHeader(ctx.rpc, 'latest', { withTransactions: paying })
  if (head.number !== state.head) state.arrival.seen(head, Date.now())
  else state.arrival.missed(Date.now())
  return head
}

/** The provider's words, or our own short message; never a request body. */
function describe(error: unknown): string {
  if (error instanceof BaseError) return `${error.shortMessage}${error.details ? ` ${error.details}` : ''}`
  if (!(error instanceof Error)) return String(error)
  return (error as { shortMessage?: string }).shortMessage ?? error.message.split('\n')[0]!
}

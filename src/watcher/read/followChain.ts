import { oldestRequestBlock } from '../../payments/repository/watchedRequests.ts'
import { readRecentBlocks } from '../cursorStore.ts'
import type { Cursor, Header, WatcherContext, WatcherState } from '../watcherState.ts'
import { readHeader } from './readHeader.ts'

/** With no cursor: the block before the oldest request on this chain (or the head when there is none). */
export async function startCursor(ctx: WatcherContext, latest: bigint): Promise<Cursor> {
  const first = (await oldestRequestBlock(ctx.db, ctx.chainId)) ?? latest + 1n
  const number = first > latest + 1n ? latest : first > 0n ? first - 1n : 0n
  return { number, hash: (await readHeader(ctx.rpc, number)).hash }
}

/**
 * Makes `state.seen` the canonical chain of the re-read window, from the head down. Returns false
 * when the cursor's own block was reorged away.
 */
export async function followChain(
  ctx: WatcherContext,
  state: WatcherState,
  latest: Header,
  cursor: Cursor,
): Promise<boolean> {
  const { seen, nativeRead } = state
  for (const n of seen.keys()) if (n > latest.number || n < latest.number - ctx.window - 1n) seen.delete(n)
  for (const n of nativeRead.keys()) if (!seen.has(n)) nativeRead.delete(n)
  for (const [key, t] of state.transfersRead) if (!seen.has(t.blockNumber)) state.transfersRead.delete(key)
  for (const n of state.logsSettled.keys()) if (!seen.has(n)) state.logsSettled.delete(n)
  seen.set(latest.number, latest)
  if (latest.number < cursor.number) return false // the chain is shorter than what was read: a reorg, or a dev chain started afresh
  if (latest.number === cursor.number) return latest.hash === cursor.hash
  const floor = cursor.number > latest.number - ctx.window ? cursor.number : latest.number - ctx.window
  let expected = latest.parentHash
  for (let n = latest.number - 1n; n >= floor; n--) {
    if (n === cursor.number) return expected === cursor.hash
    if (seen.get(n)?.hash === expected) return true // checked on an earlier pass down to the cursor
    const canonical = await readHeader(ctx.rpc, n)
    seen.set(n, canonical)
    expected = canonical.parentHash
  }
  return (await readHeader(ctx.rpc, cursor.number)).hash === cursor.hash
}

/** The last block both chains share, from the cursor's remembered blocks; the state forgets what it read after it. */
export async function findForkPoint(ctx: WatcherContext, state: WatcherState, latest: bigint): Promise<Cursor> {
  const stored = await readRecentBlocks(ctx.db, ctx.chainId)
  let ancestor: Cursor | undefined
  for (const block of stored) {
    if (block.blockNumber > latest) continue
    const canonical = await readHeader(ctx.rpc, block.blockNumber)
    if (canonical.hash === block.blockHash.toLowerCase()) {
      ancestor = { number: block.blockNumber, hash: canonical.hash }
      break
    }
  }
  if (!ancestor) {
    // Deeper than the blocks remembered: start again from just below the oldest of them.
    const floor = (stored.at(-1)?.blockNumber ?? 1n) - 1n
    const number = floor < 0n ? 0n : floor > latest ? latest : floor
    ancestor = { number, hash: (await readHeader(ctx.rpc, number)).hash }
  }
  ctx.logger.warn(`${ctx.label}: reorg below the cursor; rolled back to block ${ancestor.number}`)
  state.seen.clear()
  state.nativeRead.clear()
  state.transfersRead.clear()
  state.logsSettled.clear()
  state.nativeReadThrough = ancestor.number
  return ancestor
}

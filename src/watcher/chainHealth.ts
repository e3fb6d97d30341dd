import { sql } from 'drizzle-orm'
import type { Db } from '../db/createDatabase.ts'
import { chainHealth } from '../db/schema.ts'
import type { Logger } from '../domain/logger.ts'

export type PassReport = {
  head: bigint | undefined
  /** The newest block all of whose transfers have been read. */
  readThrough: bigint | undefined
  /** The provider's words when part of the pass failed. */
  error: string | undefined
  /** Blocks behind the head that are normal (the re-read window). */
  allowance: bigint
  /** What the pass could not read in full; one read again on later passes is counted once. */
  gaps: readonly string[]
}

/** Gaps remembered so that a block re-read on every pass of its window counts once. */
const REMEMBERED_GAPS = 1000

/** Rewrite the stored row at least this often while lagging, so the figure stays fresh. */
const REFRESH_MS = 5000

/**
 * A chain's health as people see it: one log line when it starts lagging (how far, since when, the
 * provider's own words) and one when it catches up, and the same facts in the database for the API,
 * written only when they change. A gap (an item read another way or left out) is a log line, and a
 * count with the newest one in the database.
 */
export function createChainHealth({
  db,
  chainId,
  chainName,
  logger,
}: {
  db: Db
  chainId: number
  chainName: string
  logger: Logger
}) {
  let laggingSince: Date | undefined
  let lastError: string | undefined
  let lastWritten = 0
  let lastState = ''
  let lastHead: bigint | undefined
  let lastReadThrough: bigint | undefined
  const known = new Set<string>()

  return {
    async report({ head, readThrough, error, allowance, gaps }: PassReport) {
      const fresh = [...new Set(gaps)].filter((gap) => !known.has(gap))
      for (const gap of fresh) {
        if (known.size >= REMEMBERED_GAPS) known.delete(known.values().next().value!)
        known.add(gap)
        logger.warn(`[watcher] chain ${chainId} (${chainName}): ${gap}`)
      }
      lastHead = head ?? lastHead
      lastReadThrough = readThrough ?? lastReadThrough
      const behind = lastHead !== undefined && lastReadThrough !== undefined ? lastHead - lastReadThrough : undefined
      const lagging = error !== undefined || behind === undefined || behind > allowance
      const now = new Date()
      const label = `chain ${chainId} (${chainName})`
      if (lagging && !laggingSince) {
        laggingSince = now
        logger.warn(
          `[watcher] ${label} is lagging${behind !== undefined ? `: ${behind} blocks behind head ${lastHead}` : ''}${error ? `; the RPC said: ${error}` : ''}`,
        )
      } else if (lagging && error !== undefined && error !== lastError) {
        logger.warn(
          `[watcher] ${label} still lagging since ${laggingSince!.toISOString()}${behind !== undefined ? `, ${behind} blocks behind` : ''}; the RPC now says: ${error}`,
        )
      } else if (!lagging && laggingSince) {
        logger.info(
          `[watcher] ${label} caught up at block ${lastReadThrough} after lagging since ${laggingSince.toISOString()}`,
        )
        laggingSince = undefined
      }
      lastError = error
      const state = `${lagging}:${error ?? ''}`
      if (fresh.length === 0 && state === lastState && (!lagging || now.getTime() - lastWritten < REFRESH_MS)) return
      const row = {
        headBlock: lastHead ?? null,
        readThrough: lastReadThrough ?? null,
        lastError: error ?? null,
        laggingSince: laggingSince ?? null,
        updatedAt: now,
      }
      const gapRow = fresh.length ? { lastGap: fresh.at(-1)!, lastGapAt: now } : {}
      await db
        .insert(chainHealth)
        .values({ chainId, ...row, ...gapRow, gaps: fresh.length })
        .onConflictDoUpdate({
          target: chainHealth.chainId,
          set: { ...row, ...gapRow, gaps: sql`${chainHealth.gaps} + ${fresh.length}` },
        })
      lastState = state
      lastWritten = now.getTime()
    },
  }
}

import type { Db } from '../../db/createDatabase.ts'
import { chainHealth } from '../../db/schema.ts'

export type PassReport = {
  head: bigint | undefined
  /** The newest block all of whose transfers have been read. */
  readThrough: bigint | undefined
  /** The provider's words when part of the pass failed. */
  error: string | undefined
  /** Blocks behind the head that are normal (the re-read window). */
  allowance: bigint
}

/** Rewrite the stored row at least this often while lagging, so the figure stays fresh. */
const REFRESH_MS = 5000

/**
 * A chain's health as people see it: one log line when it starts lagging (how far, since when, the
 * provider's own words) and one when it catches up, and the same facts in the database for the API,
 * written only when they change.
 */
export function createChainHealth({
  db,
  chainId,
  chainName,
  log,
}: {
  db: Db
  chainId: number
  chainName: string
  log: (line: string) => void
}) {
  let laggingSince: Date | undefined
  let lastError: string | undefined
  let lastWritten = 0
  let lastState = ''
  let lastHead: bigint | undefined
  let lastReadThrough: bigint | undefined

  return {
    async report({ head, readThrough, error, allowance }: PassReport) {
      lastHead = head ?? lastHead
      lastReadThrough = readThrough ?? lastReadThrough
      const behind = lastHead !== undefined && lastReadThrough !== undefined ? lastHead - lastReadThrough : undefined
      const lagging = error !== undefined || behind === undefined || behind > allowance
      const now = new Date()
      const label = `chain ${chainId} (${chainName})`
      if (lagging && !laggingSince) {
        laggingSince = now
        log(
          `[watcher] ${label} is lagging${behind !== undefined ? `: ${behind} blocks behind head ${lastHead}` : ''}${error ? `; the RPC said: ${error}` : ''}`,
        )
      } else if (lagging && error !== undefined && error !== lastError) {
        log(
          `[watcher] ${label} still lagging since ${laggingSince!.toISOString()}${behind !== undefined ? `, ${behind} blocks behind` : ''}; the RPC now says: ${error}`,
        )
      } else if (!lagging && laggingSince) {
        log(
          `[watcher] ${label} caught up at block ${lastReadThrough} after lagging since ${laggingSince.toISOString()}`,
        )
        laggingSince = undefined
      }
      lastError = error
      const state = `${lagging}:${error ?? ''}`
      if (state === lastState && (!lagging || now.getTime() - lastWritten < REFRESH_MS)) return
      const row = {
        headBlock: lastHead ?? null,
        readThrough: lastReadThrough ?? null,
        lastError: error ?? null,
        laggingSince: laggingSince ?? null,
        updatedAt: now,
      }
      await db
        .insert(chainHealth)
        .values({ chainId, ...row })
        .onConflictDoUpdate({ target: chainHealth.chainId, set: row })
      lastState = state
      lastWritten = now.getTime()
    },
  }
}

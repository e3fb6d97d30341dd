import type { ServerResponse } from 'node:http'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { stringify } from 'csv-stringify/sync'

/** Rows a page of CSV holds: a few milliseconds of work between two turns of the event loop. */
const PAGE = 500

/**
 * A table written as CSV a page at a time: other requests are served between pages, and the next
 * page waits until the client has taken the last, so a long export neither holds the server nor
 * piles its text up in memory. Each row is made from the database's row as its page is written.
 */
export async function writeCsvPages<Row>(
  res: ServerResponse,
  columns: readonly string[],
  rows: readonly Row[],
  toCsvRow: (row: Row) => Record<string, unknown>,
): Promise<void> {
  for (let at = 0; at === 0 || at < rows.length; at += PAGE) {
    const page = rows.slice(at, at + PAGE).map(toCsvRow)
    const text = stringify(page, { header: at === 0, columns: [...columns] })
    if (!res.write(text))
      await new Promise((resolve) => {
        res.once('drain', resolve)
        res.once('close', resolve)
      })
    await nextTurn()
    if (res.destroyed) return
  }
  res.end()
}

import type { IncomingMessage, ServerResponse } from 'node:http'
import { sql } from 'drizzle-orm'
import type { DatabaseStatus, Db } from '../../db/createDatabase.ts'

/** A watcher that has not finished a pass for this long is stuck (a pass takes seconds; backoff stays under a minute). */
export const WATCHER_STALLED_AFTER_MS = 120_000
const DATABASE_TIMEOUT_MS = 2000

type Check = { ok: boolean; detail?: string }

const answer = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

/**
 * /healthz: the process answers (restart it if not). /readyz: it can do its work (send it traffic
 * if so): the database answers, the watchers this server runs are not stuck, it is not draining.
 */
export function createHealthChecks({
  db,
  databaseStatus,
  serverId,
  leading,
  draining,
}: {
  db: Db
  databaseStatus: () => DatabaseStatus
  serverId: string
  leading: () => { chainId: number; lastPassAt: number }[]
  draining: () => boolean
}) {
  const database = async (): Promise<Check> => {
    let timer: NodeJS.Timeout | undefined
    try {
      const timeout = new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`no answer in ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS)),
      )
      await Promise.race([db.execute(sql`select 1`), timeout])
      return { ok: true }
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message.split('\n')[0] : String(error) }
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    healthz: (_: IncomingMessage, res: ServerResponse) => answer(res, 200, { status: 'ok' }),
    readyz: async (_: IncomingMessage, res: ServerResponse) => {
      const now = Date.now()
      const checks: Record<string, Check> = { database: await database() }
      const { primary, replicas } = databaseStatus()
      for (const replica of replicas)
        checks[`replica:${replica.host}`] = replica.healthy
          ? { ok: true, detail: `${replica.stalenessMs} ms behind` }
          : // Reads go to the primary meanwhile: not a reason to stop sending traffic here.
            { ok: true, detail: 'not answering; its reads go to the primary' }
      for (const { chainId, lastPassAt } of leading()) {
        const idle = now - lastPassAt
        checks[`watcher:${chainId}`] =
          idle > WATCHER_STALLED_AFTER_MS
            ? { ok: false, detail: `no pass finished for ${Math.round(idle / 1000)} s` }
            : { ok: true }
      }
      if (draining()) checks.draining = { ok: false, detail: 'shutting down' }
      const ready = Object.values(checks).every((c) => c.ok)
      answer(res, ready ? 200 : 503, {
        status: ready ? 'ready' : 'not ready',
        server: serverId,
        watching: leading().map((l) => l.chainId),
        // Where the writable server is, and the last time it went away (a failover) and for how long.
        ...(primary ? { database: primary } : {}),
        checks,
      })
    },
  }
}

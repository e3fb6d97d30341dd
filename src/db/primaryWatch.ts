import type { Sql } from 'postgres'
import { pollEvery } from './pollEvery.ts'

/** A time the writable server could not be reached, and which server answered before and after. */
export type DatabaseOutage = {
  startedAt: Date
  endedAt: Date | null
  seconds: number
  before: string
  after: string | null
}

export type PrimaryStatus = {
  /** host:port of the writable server last reached. */
  host: string | null
  reachable: boolean
  /** The latest outage (a failover, a restart), or null when there was none since this server started. */
  lastOutage: DatabaseOutage | null
}

/** A point of the primary's write-ahead log at a time: how a replica's staleness is told. */
export type WalSample = { at: number; lsn: bigint }

const SAMPLES_KEPT_MS = 60_000

/** `pg_lsn`'s text ("16/B374D848") as a number, comparable. */
export function lsnValue(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/')
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

/**
 * Asks the writable server every `intervalMs` which host it is and where its log is: /readyz says
 * when it went away and how long it took to come back (a failover moves it to another host), and the
 * samples tell how far behind each replica is.
 */
export function watchPrimary(client: Sql, intervalMs = 500) {
  const samples: WalSample[] = []
  const status: PrimaryStatus = { host: null, reachable: true, lastOutage: null }
  let outage: DatabaseOutage | null = null

  async function look() {
    try {
      const [row] = await client<{ host: string | null; port: number | null; lsn: string }[]>`
        select inet_server_addr()::text as host, inet_server_port() as port, pg_current_wal_lsn()::text as lsn`
      const host = row?.host ? `${row.host.replace(/\/\d+$/, '')}:${row.port}` : 'local socket'
      const now = Date.now()
      samples.push({ at: now, lsn: lsnValue(row!.lsn) })
      while (samples.length > 1 && samples[0]!.at < now - SAMPLES_KEPT_MS) samples.shift()
      if (outage) {
        outage.endedAt = new Date(now)
        outage.seconds = (now - outage.startedAt.getTime()) / 1000
        outage.after = host
        outage = null
      }
      Object.assign(status, { host, reachable: true })
    } catch {
      if (!outage) {
        outage = { startedAt: new Date(), endedAt: null, seconds: 0, before: status.host ?? 'unknown', after: null }
        status.lastOutage = outage
      }
      outage.seconds = (Date.now() - outage.startedAt.getTime()) / 1000
      status.reachable = false
    }
  }

  const polling = pollEvery(intervalMs, look)
  return {
    status: (): PrimaryStatus => ({ ...status, lastOutage: status.lastOutage && { ...status.lastOutage } }),
    samples: (): readonly WalSample[] => samples,
    stop: polling.stop,
  }
}

export type PrimaryWatch = ReturnType<typeof watchPrimary>

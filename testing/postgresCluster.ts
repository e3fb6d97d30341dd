import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from './freePort.ts'
import { postgresFolder, postgresUnavailableReason, runPostgresBinary, startPostgresIn } from './postgresServer.ts'

export type ClusterDatabase = {
  primaryUrl: string
  replicaUrl: string
  /** Both hosts, the writable one chosen: what DATABASE_URL is set to for failover. */
  failoverUrl: string
}

export type PostgresCluster = {
  /** A new, empty database, on the replica too once replayed. */
  createDatabase(): Promise<ClusterDatabase>
  /** Stops applying the primary's changes on the replica (it still receives them): a replica that lags. */
  pauseReplay(): Promise<void>
  resumeReplay(): Promise<void>
  /** The primary dies as in a crash (`pg_ctl stop -m immediate`). */
  killPrimary(): void
  /** The replica becomes the primary (`pg_ctl promote`), as Patroni or a managed service does. */
  promoteReplica(): void
  stop(): Promise<void>
}

const hostOf = (port: number) => `127.0.0.1:${port}`

/**
 * A primary and a streaming replica made as an operator makes them: `initdb`, then `pg_basebackup -R`
 * of the running primary. Synchronous replication (`synchronous_standby_names = '*'`) makes a commit
 * wait until the replica has it, so a promotion loses no committed row, as managed PostgreSQL's
 * high-availability setups promise.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const reason = postgresUnavailableReason()
  if (reason) throw new Error(reason)
  const primaryDir = postgresFolder('billfold-pg-primary-')
  const replicaDir = postgresFolder('billfold-pg-replica-')
  const primaryData = join(primaryDir, 'data')
  const replicaData = join(replicaDir, 'data')
  const [primaryPort, replicaPort] = [await freePort(), await freePort()]
  runPostgresBinary('initdb', [
    '-D',
    primaryData,
    '--auth=trust',
    '--username=postgres',
    '--encoding=UTF8',
    '--no-sync',
  ])
  startPostgresIn(primaryDir, primaryData, primaryPort, ['-c wal_level=replica', '-c max_wal_senders=5'])
  runPostgresBinary('pg_basebackup', [
    '-D',
    replicaData,
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ])
  startPostgresIn(replicaDir, replicaData, replicaPort, ['-c hot_standby=on'])
  const { default: postgres } = await import('postgres')
  const admin = (port: number) =>
    postgres(`postgres://postgres@${hostOf(port)}/postgres`, { max: 1, onnotice: () => {} })
  // Set after the base backup, so the replica, once promoted, does not wait for a standby of its own.
  const primary = admin(primaryPort)
  await primary`alter system set synchronous_standby_names = '*'`
  await primary`select pg_reload_conf()`
  await primary.end()
  const replica = admin(replicaPort)
  let primaryAlive = true

  return {
    async createDatabase() {
      const name = `t_${Math.random().toString(36).slice(2, 12)}`
      const writer = admin(primaryPort)
      await writer.unsafe(`create database ${name}`)
      await writer.end()
      for (let i = 0; ; i++) {
        const [row] = await replica<
          { found: boolean }[]
        >`select exists(select 1 from pg_database where datname = ${name}) as found`
        if (row?.found) break
        if (i > 200) throw new Error(`the replica did not receive database ${name}`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return {
        primaryUrl: `postgres://postgres@${hostOf(primaryPort)}/${name}`,
        replicaUrl: `postgres://postgres@${hostOf(replicaPort)}/${name}`,
        failoverUrl: `postgres://postgres@${hostOf(primaryPort)},${hostOf(replicaPort)}/${name}?target_session_attrs=read-write`,
      }
    },
    pauseReplay: async () => void (await replica`select pg_wal_replay_pause()`),
    resumeReplay: async () => void (await replica`select pg_wal_replay_resume()`),
    killPrimary() {
      runPostgresBinary('pg_ctl', ['-D', primaryData, '-w', '-m', 'immediate', 'stop'])
      primaryAlive = false
    },
    promoteReplica() {
      runPostgresBinary('pg_ctl', ['-D', replicaData, '-w', 'promote'])
    },
    async stop() {
      await replica.end({ timeout: 1 })
      try {
        if (primaryAlive) runPostgresBinary('pg_ctl', ['-D', primaryData, '-w', '-m', 'immediate', 'stop'])
        runPostgresBinary('pg_ctl', ['-D', replicaData, '-w', '-m', 'immediate', 'stop'])
      } finally {
        rmSync(primaryDir, { recursive: true, force: true })
        rmSync(replicaDir, { recursive: true, force: true })
      }
    },
  }
}

import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './freePort.ts'

export type PostgresServer = { url: string; stop(): Promise<void> }

const binDirs = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin']

export function findBinary(name: string): string | undefined {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim()
  if (onPath) return onPath
  return binDirs.map((dir) => join(dir, name)).find((path) => existsSync(path))
}

/** Why a real PostgreSQL cannot be started here, or undefined when it can. */
export function postgresUnavailableReason(): string | undefined {
  if (!findBinary('initdb') || !findBinary('pg_ctl'))
    return "initdb/pg_ctl not found: install Debian's postgresql package"
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0)
    return 'running as root and there is no postgres user to run the server'
  return undefined
}

/** Runs a PostgreSQL program, as the postgres user when the shell is root (PostgreSQL refuses root). */
export function runPostgresBinary(bin: string, args: string[]) {
  return process.getuid?.() === 0
    ? execFileSync('runuser', ['-u', 'postgres', '--', findBinary(bin)!, ...args], { stdio: 'pipe' })
    : execFileSync(findBinary(bin)!, args, { stdio: 'pipe' })
}

/** A temporary folder the postgres user may write to. */
export function postgresFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  chmodSync(dir, 0o777)
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir])
  return dir
}

/** Starts the server of `dataDir` on `port` of 127.0.0.1, its socket and log in `dir`. */
export function startPostgresIn(dir: string, dataDir: string, port: number, settings: readonly string[] = []) {
  runPostgresBinary('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, ...settings].join(' '),
    'start',
  ])
}

/** A throwaway PostgreSQL server in a temporary folder, run as the postgres user when the shell is root. */
export async function startPostgresServer(): Promise<PostgresServer> {
  const reason = postgresUnavailableReason()
  if (reason) throw new Error(reason)
  const dir = postgresFolder('billfold-pg-')
  const dataDir = join(dir, 'data')
  const run = runPostgresBinary
  run('initdb', ['-D', dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-sync'])
  const port = await freePort()
  startPostgresIn(dir, dataDir, port)
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-w', '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** A new, empty database on the server, so each test file starts clean. */
export async function createFreshDatabase(serverUrl: string): Promise<string> {
  const { default: postgres } = await import('postgres')
  const name = `t_${Math.random().toString(36).slice(2, 12)}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.href
}

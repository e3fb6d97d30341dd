import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Address } from 'viem'
import { freePort } from '../../testing/freePort.ts'
import { installPeer } from './installPeer.ts'

const APP = fileURLToPath(new URL('./ponder/', import.meta.url))

export type PonderOptions = {
  rpcUrl: string
  chainId: number
  token: Address
  payees: readonly Address[]
  startBlock: bigint | number
  /** A PostgreSQL database (its tables go in the schema `bench`), or a PGlite folder. */
  database: { url: string } | { pgliteDirectory: string }
  pollingIntervalMs?: number
  /** A WebSocket URL: Ponder then follows new heads by subscription. */
  wsUrl?: string
}

export type PonderApp = {
  /** When /ready first answered 200 (ms since the epoch): the historical backfill is indexed. */
  readyAt: number
  startedAt: number
  /** Peak resident memory of Ponder's process so far (VmHWM). */
  peakRssMb(): number
  /** Transfers the app has indexed. */
  transfers(): Promise<number>
  /** Resolves when `count` transfers are indexed, with the time (ms since the epoch); fails with Ponder's log after `timeoutMs`. */
  indexed(count: number, timeoutMs?: number): Promise<number>
  stop(): Promise<void>
}

/** `ponder start` on the bench's Ponder app, as its docs run it in production; resolves once /ready says 200. */
export async function startPonder(options: PonderOptions): Promise<PonderApp> {
  await installPeer(APP)
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    RPC_URL: options.rpcUrl,
    CHAIN_ID: String(options.chainId),
    TOKEN: options.token,
    PAYEES: options.payees.join(','),
    START_BLOCK: String(options.startBlock),
    ...(options.pollingIntervalMs ? { POLLING_INTERVAL_MS: String(options.pollingIntervalMs) } : {}),
    ...(options.wsUrl ? { WS_URL: options.wsUrl } : {}),
    ...('url' in options.database
      ? { DATABASE_URL: options.database.url }
      : { DATABASE_URL: '', PGLITE_DIRECTORY: options.database.pgliteDirectory }),
  }
  const startedAt = Date.now()
  const child = spawn(
    process.execPath,
    ['node_modules/ponder/dist/esm/bin/ponder.js', 'start', '--schema', 'bench', '--port', String(port)],
    { cwd: APP, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const transfers = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/transfers/count`)
    return ((await response.json()) as { count: number }).count
  }
  const readyAt = await waitUntilReady(`http://127.0.0.1:${port}/ready`, child, () => output)
  return {
    readyAt,
    startedAt,
    peakRssMb: () => peakRssMb(child),
    transfers,
    async indexed(count, timeoutMs = 600_000) {
      const deadline = Date.now() + timeoutMs
      let seen: number
      while ((seen = await transfers()) < count) {
        if (Date.now() > deadline)
          throw new Error(
            `Ponder indexed ${seen} of ${count} transfers in ${timeoutMs / 1000} s; its log ends:\n${output}`,
          )
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return Date.now()
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`ponder exited (${child.exitCode}):\n${output()}`)
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) return Date.now()
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

function peakRssMb(child: ChildProcess) {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { percentile } from './stats.ts'
import { steadyLoad } from './steadyLoad.ts'
import { freePort } from '../testing/freePort.ts'

type Figures = { requestsPerSecond: number; p99: number; errors: number; non2xx: number }

/**
 * GraphQL under load: flat out on `connections` (autocannon), or with `overallRate`, a steady
 * open-loop stream at that rate (`steadyLoad`: autocannon's own rate limit sends bursts).
 */
export async function load(
  url: string,
  body: string,
  {
    cookie,
    seconds = 8,
    connections = 10,
    overallRate,
  }: { cookie?: string; seconds?: number; connections?: number; overallRate?: number },
): Promise<Figures> {
  const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }
  if (overallRate) {
    const r = await steadyLoad({
      url: `${url}/graphql`,
      method: 'POST',
      headers,
      body,
      rate: overallRate,
      durationMs: seconds * 1000,
    })
    return { requestsPerSecond: r.perSecond, p99: Number(r.p99.toFixed(1)), errors: r.errors, non2xx: r.non2xx }
  }
  const result = await autocannon({
    url: `${url}/graphql`,
    method: 'POST',
    connections,
    duration: seconds,
    headers,
    body,
  })
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

/** The API server in a child process, so the load generator does not share its event loop. */
export async function startApiServerProcess(env: {
  RPC_URL: string
  DATABASE_URL?: string
  /** A PGlite data folder (without DATABASE_URL); an in-memory one without either. */
  DATA_DIR?: string
  WEBHOOKS_ALLOW_PRIVATE?: string
}) {
  // As deployed: production mode also turns off graphql-js's development-only checks.
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/apiServer.ts'], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /READY (\S+)/.exec(String(chunk))
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`API server exited with ${code}`)))
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** Measures `me` (with a session) and a public query against a server of its own. */
export async function benchApi(label: string, env: { RPC_URL: string; DATABASE_URL?: string }) {
  const { url, stop } = await startApiServerProcess(env)
  try {
    const { cookie } = await signIn(url, alice)
    const me = JSON.stringify({ query: '{ me { address chainId expiresAt } }' })
    const chains = JSON.stringify({ query: '{ chains { id name nativeSymbol } }' })
    await load(url, me, { cookie, seconds: 2 }) // warm-up
    for (const connections of [10, 32]) {
      for (const [name, body, withCookie] of [
        ['me', me, cookie],
        ['public query', chains, undefined],
      ] as const) {
        const r = await load(url, body, { cookie: withCookie, connections })
        console.log(
          `  ${label.padEnd(10)} ${name.padEnd(12)} ${String(connections).padStart(2)} connections ${Math.round(r.requestsPerSecond).toString().padStart(6)} req/s   p99 ${r.p99} ms` +
            (r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ''),
        )
      }
    }
  } finally {
    await stop()
  }
}

/** eth_call latency straight to the node and through the app's RPC proxy (server in its own process), sequential. */
export async function benchRpcProxy(rpcUrl: string, calls = 500) {
  const { url, stop } = await startApiServerProcess({ RPC_URL: rpcUrl })
  // balanceOf(a dev account) on the dev chain's test USDC: the pay page's most common read.
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_call',
    params: [
      { to: DEV_USDC_ADDRESS, data: `0x70a08231000000000000000000000000${alice.address.slice(2).toLowerCase()}` },
      'latest',
    ],
  })
  const time = async (target: string) => {
    const took: number[] = []
    for (let i = 0; i < calls + 50; i++) {
      const started = performance.now()
      const response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      if (!((await response.json()) as { result?: string }).result) throw new Error(`eth_call failed through ${target}`)
      if (i >= 50) took.push(performance.now() - started) // the first 50 warm up both paths
    }
    return { p50: percentile(took, 50), p99: percentile(took, 99) }
  }
  try {
    return { direct: await time(rpcUrl), relayed: await time(`${url}/rpc/31337`) }
  } finally {
    await stop()
  }
}

/**
 * The prebuilt production server (`npm run start:production`'s `node dist/server/main.js`) timed to
 * the first 200 on /readyz, on an existing chain: the first start creates the data folder (or
 * migrates an empty PostgreSQL database), a restart reuses it.
 */
export async function benchProductionStart(
  rpcUrl: string,
  runs = 3,
  databaseUrl?: () => Promise<string>,
): Promise<{ first: number[]; restart: number[] }> {
  const times = { first: [] as number[], restart: [] as number[] }
  const dataDir = mkdtempSync(join(tmpdir(), 'billfold-prod-'))
  try {
    for (let i = 0; i < runs; i++) {
      rmSync(join(dataDir, 'data'), { recursive: true, force: true })
      const env = {
        NODE_ENV: 'production',
        DEV_CHAIN: 'true',
        SECRET_KEY: 'a-bench-secret-key-of-32-characters!',
        RPC_URL: rpcUrl,
        DATA_DIR: join(dataDir, 'data'),
        ...(databaseUrl ? { DATABASE_URL: await databaseUrl() } : {}),
      }
      times.first.push(await timeProductionStart(env))
      times.restart.push(await timeProductionStart(env))
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  return times
}

async function timeProductionStart(env: Record<string, string>): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.status === 200,
        () => false,
      )
      if (ready) return performance.now() - started
      if (child.exitCode !== null) throw new Error(`the production server exited with ${child.exitCode}`)
      if (performance.now() - started > 60_000) throw new Error('the production server was not ready within 60 s')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

/** `npm start` timed to the first 200 on /graphql: the first start creates the data folder, a restart reuses it. */
export async function benchColdStart(runs = 3): Promise<{ first: number[]; restart: number[] }> {
  const times = { first: [] as number[], restart: [] as number[] }
  const dataDir = mkdtempSync(join(tmpdir(), 'billfold-cold-'))
  try {
    for (let i = 0; i < runs; i++) {
      rmSync(join(dataDir, 'data'), { recursive: true, force: true })
      times.first.push(await timeStart(join(dataDir, 'data')))
      times.restart.push(await timeStart(join(dataDir, 'data')))
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  return times
}

async function timeStart(dataDir: string): Promise<number> {
  {
    const [port, anvilPort] = [await freePort(), await freePort()]
    const started = performance.now()
    const child = spawn('npm', ['start', '--silent'], {
      env: { ...process.env, PORT: String(port), ANVIL_PORT: String(anvilPort), DATA_DIR: dataDir },
      stdio: 'ignore',
      detached: true,
    })
    try {
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ chains { id } }"}',
        }).then(
          (r) => r.status === 200,
          () => false,
        )
        if (ok) break
        if (performance.now() - started > 60_000) throw new Error('npm start did not answer within 60 s')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return performance.now() - started
    } finally {
      process.kill(-child.pid!, 'SIGINT')
      await new Promise((resolve) => child.once('exit', resolve))
    }
  }
}

import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))

export type ServerProcess = {
  child: ChildProcess
  url: string
  /** Every line the process wrote to stdout so far. */
  lines: string[]
  /** Sends the signal and waits for the exit code. */
  stop(signal: NodeJS.Signals): Promise<number | null>
}

/**
 * The server as operators run it, in a process of its own: `npm start`'s entry point from source,
 * or the prebuilt production server (`npm run build` first). Resolves once it listens.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { build = 'source' }: { build?: 'source' | 'production' } = {},
): Promise<ServerProcess> {
  const args = build === 'production' ? ['dist/server/main.js'] : ['scripts/start.mjs']
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      ...(build === 'production'
        ? { NODE_ENV: 'production', DEV_CHAIN: 'true', SECRET_KEY: 'a-test-secret-key-of-32-characters!!' }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += String(chunk)))
  const url = await new Promise<string>((resolve, reject) => {
    let pending = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += String(chunk)
      const complete = pending.split('\n')
      pending = complete.pop()!
      for (const line of complete) {
        lines.push(line)
        const listening = /Billfold\s+(http:\/\/\S+)/.exec(line)
        if (listening) resolve(listening[1]!)
      }
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr.slice(-2000)}`)))
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    url,
    lines,
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { BaseError } from '../../domain/baseError.ts'
import { DEV_CHAIN_ID } from '../chains.ts'

export type AnvilNode = {
  rpcUrl: string
  /** The same node's WebSocket endpoint (Anvil serves both on its port). */
  wsUrl: string
  port: number
  chainId: number
  process: ChildProcess
  stop(): Promise<void>
}

export class AnvilStartError extends BaseError {
  override name = 'AnvilStartError'
  constructor(details: string, cause?: unknown) {
    super({ code: 'ANVIL_START_FAILED', shortMessage: 'The dev chain (Anvil) could not start.', details, cause })
  }
}

const archNames: Partial<Record<string, string>> = { x64: 'amd64', arm64: 'arm64' }

/** The Anvil binary shipped inside the npm package for this platform; nothing is downloaded. */
export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url)
  const arch = archNames[process.arch]
  const name = `@foundry-rs/anvil-${process.platform}-${arch}`
  try {
    return require.resolve(`${name}/bin/anvil`)
  } catch (cause) {
    throw new AnvilStartError(`no Anvil binary for ${process.platform}/${process.arch}: is ${name} installed?`, cause)
  }
}

/** Starts Anvil on loopback and resolves once it answers JSON-RPC. */
export async function startAnvil({
  port = 8545,
  chainId = DEV_CHAIN_ID,
  blockTime,
  extraArgs = [],
}: { port?: number; chainId?: number; blockTime?: number; extraArgs?: string[] } = {}): Promise<AnvilNode> {
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent', ...extraArgs]
  if (blockTime !== undefined) args.push('--block-time', String(blockTime))
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const rpcUrl = `http://127.0.0.1:${port}`
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new AnvilStartError(`anvil exited with code ${code}: ${stderr.trim()}`))),
  )
  const ready = (async () => {
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        })
        if (response.ok) return
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new AnvilStartError(`no answer on ${rpcUrl} after 10 s`)
  })()
  try {
    await Promise.race([ready, exited])
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  exited.catch(() => undefined)
  return {
    rpcUrl,
    wsUrl: `ws://127.0.0.1:${port}`,
    port,
    chainId,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

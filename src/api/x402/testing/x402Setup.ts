import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { x402Client } from '@x402/core/client'
import { registerExactEvmScheme } from '@x402/evm/exact/client'
import type { PrivateKeyAccount } from 'viem/accounts'
import { DEV_CHAIN_ID } from '../../../chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
export const DEV_NETWORK = `eip155:${DEV_CHAIN_ID}` as const

/** The real x402 client for `payer`, allowed to pay the dev chain's USDC (the x402 library knows only mainnet tokens). */
export function x402ClientFor(payer: PrivateKeyAccount) {
  const client = new x402Client()
  registerExactEvmScheme(client, { signer: payer })
  client.setSpendControls({ allowedAssets: [{ network: DEV_NETWORK, asset: DEV_USDC_ADDRESS }] })
  return client
}

/** Runs one of the examples (`examples/<path>`) with `env` and `args`, and gives what it printed; resolves on the first line when `untilLine`. */
export function runExample(path: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [`examples/${path}`, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += String(chunk)))
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return {
    child,
    /** Everything printed once the process has exited. */
    output: async () => {
      const code = await exited
      if (code !== 0) throw new Error(`examples/${path} exited with ${code}: ${stderr.slice(-2000)}`)
      return stdout
    },
    /** The first line matching `pattern`, while the process runs (a server saying where it listens). */
    line: (pattern: RegExp) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          const found = stdout.split('\n').find((l) => pattern.test(l))
          if (found) resolve(found)
        }
        child.stdout.on('data', check)
        void exited.then((code) => reject(new Error(`examples/${path} exited with ${code}: ${stderr.slice(-2000)}`)))
      }),
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeFunctionData, erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../../testing/faultyRpc.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { devAccounts, TEST_USDC_ADDRESS } from '../../chain/devnet/setUpDevChain.ts'
import { MAX_PROXY_BATCH, createRpcProxy, type RpcProxyOptions } from './rpcProxy.ts'

type Reply = { id: unknown; result?: unknown; error?: { code: number; message: string } }

let upstream: FaultyRpc
let app: TestApp
const payee = devAccounts[1]!

beforeAll(async () => {
  upstream = await startFaultyRpc(inject('anvilUrl'))
  app = await startTestApp({ anvilUrl: upstream.url, watch: false, rpcRateLimitPerMinute: 0 })
})
afterAll(async () => {
  await app?.close()
  await upstream?.close()
})

const call = (method: string, params: unknown[] = [], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params })
async function proxied(body: unknown, { url = `${app.url}/rpc/31337`, type = 'application/json' } = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as Reply | Reply[] }
}

describe('the RPC proxy of the whole server', () => {
  it('answers the reads a payment needs, batched, with the client ids', async () => {
    const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [payee] })
    const { status, body } = await proxied([
      call('eth_chainId', [], 'a'),
      call('eth_call', [{ to: TEST_USDC_ADDRESS, data: balanceOf }, 'latest'], 7),
      call('eth_getBalance', [payee, 'latest'], 7),
    ])
    expect(status).toBe(200)
    const replies = body as Reply[]
    expect(replies.map((r) => r.id)).toEqual(['a', 7, 7])
    expect(replies[0]!.result).toBe('0x7a69')
    expect(BigInt(replies[1]!.result as string)).toBeGreaterThan(0n)
    expect(BigInt(replies[2]!.result as string)).toBeGreaterThan(0n)
  })

  it('refuses every method an attacker would use, naming it, and the node never hears of it', async () => {
    const before = await proxied(call('eth_getBalance', [payee, 'latest']))
    upstream.reset()
    const attacks = [
      call('anvil_setBalance', [payee, '0x0']),
      call('anvil_setCode', [TEST_USDC_ADDRESS, '0x00']),
      call('evm_revert', ['0x1']),
      call('evm_snapshot'),
      call('anvil_impersonateAccount', [payee]),
      call('eth_sendTransaction', [{ from: payee, to: devAccounts[2]!, value: '0x1' }]),
      call('eth_accounts'),
      call('eth_sign', [payee, '0x00']),
      call('debug_traceBlockByNumber', ['latest', {}]),
      call('trace_filter', [{}]),
      call('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]),
      call('admin_nodeInfo'),
    ]
    for (const attack of attacks) {
      const { status, body } = await proxied(attack)
      expect(status).toBe(200)
      expect((body as Reply).error).toMatchObject({ code: -32601, message: expect.stringContaining(attack.method) })
    }
    expect(upstream.stats().calls).toBe(0)
    expect((await proxied(call('eth_getBalance', [payee, 'latest']))).body).toEqual(before.body)
  })

  it('answers a batch mixing allowed and refused calls call by call, forwarding only the allowed', async () => {
    upstream.reset()
    const { body } = await proxied([
      call('eth_blockNumber', [], 1),
      call('anvil_mine', [], 2),
      call('eth_chainId', [], 3),
    ])
    const replies = body as Reply[]
    expect(replies.map((r) => [r.id, r.error?.code ?? 'ok'])).toEqual([
      [1, 'ok'],
      [2, -32601],
      [3, 'ok'],
    ])
    expect(upstream.stats().calls).toBe(2)
    expect(upstream.calls.get('anvil_mine')).toBeUndefined()
  })

  it(`caps batches at ${MAX_PROXY_BATCH} calls and bodies at 128 KB`, async () => {
    upstream.reset()
    const tooMany = await proxied(Array.from({ length: MAX_PROXY_BATCH + 1 }, (_, i) => call('eth_chainId', [], i)))
    expect(tooMany.status).toBe(400)
    expect((tooMany.body as Reply).error!.message).toContain(
      `at most ${MAX_PROXY_BATCH} calls; this one has ${MAX_PROXY_BATCH + 1}`,
    )
    const huge = await proxied(Array.from({ length: 7000 }, (_, i) => call('eth_blockNumber', [], i)))
    expect(huge.status).toBe(413)
    expect(upstream.stats().calls).toBe(0)
  })

  it('refuses anything but JSON, so a form or a text/plain post from another site cannot drive it', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const { status, body } = await proxied(call('eth_chainId'), { type })
      expect(status).toBe(415)
      expect((body as Reply).error!.message).toContain('Content-Type must be application/json')
    }
    expect((await proxied('{"jsonrpc":"2.0",')).body).toMatchObject({ error: { code: -32700 } })
    expect((await proxied([])).body).toMatchObject({ error: { code: -32600, message: 'The batch is empty.' } })
    expect((await proxied(call('eth_call', { to: payee } as never))).body).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('params') },
    })
  })

  it('keeps the revert data of a failing eth_call for the page to decode', async () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [payee, 10n ** 30n] })
    const { body } = await proxied(
      call('eth_call', [{ from: devAccounts[3]!, to: TEST_USDC_ADDRESS, data: transfer }, 'latest']),
    )
    expect((body as Reply).error).toMatchObject({ code: 3, data: expect.stringMatching(/^0x[0-9a-f]{8}/) })
  })
})

describe('createRpcProxy on its own', () => {
  const servers: Server[] = []
  afterAll(() => servers.forEach((server) => server.close()))
  async function serve(options: Omit<RpcProxyOptions, 'chainId' | 'trustProxy'>) {
    const handler = createRpcProxy({ chainId: 31337, trustProxy: false, ...options })
    const server = createServer((req, res) => void handler(req, res))
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  it('limits the calls of one client per minute, a batch counting each call', async () => {
    const url = await serve({ urls: [upstream.url], perMinute: 30 })
    expect(
      (
        await proxied(
          Array.from({ length: 20 }, (_, i) => call('eth_chainId', [], i)),
          { url },
        )
      ).status,
    ).toBe(200)
    expect(
      (
        await proxied(
          Array.from({ length: 10 }, (_, i) => call('eth_chainId', [], i)),
          { url },
        )
      ).status,
    ).toBe(200)
    const refused = await proxied(call('eth_chainId'), { url })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((refused.body as Reply).error).toMatchObject({
      code: -32005,
      message: expect.stringContaining('Too many RPC calls'),
    })
  })

  it('fails over to the next URL when one hangs past the time limit or answers 503, and says so when none answers', async () => {
    const second = await startFaultyRpc(inject('anvilUrl'))
    try {
      const url = await serve({ urls: [upstream.url, second.url], perMinute: 0, timeoutMs: 300 })
      for (const answer of ['hang', '503', 'garbage'] as const) {
        upstream.faults.next = { count: 1, answer }
        const { body } = await proxied(call('eth_chainId'), { url })
        expect(body, answer).toMatchObject({ id: 1, result: '0x7a69' })
      }
      const none = await serve({ urls: ['http://127.0.0.1:9'], perMinute: 0, timeoutMs: 300 })
      expect((await proxied(call('eth_chainId'), { url: none })).body).toMatchObject({
        error: { code: -32603, message: expect.stringContaining('not reachable') },
      })
    } finally {
      upstream.faults.next = undefined
      await second.close()
    }
  })
})

import { HttpRequestError, LimitExceededRpcError, RpcRequestError, TimeoutError, UnknownRpcError } from 'viem'
import { describe, expect, it } from 'vitest'
import { classifyRpcFailure, providerWords } from './providerErrors.ts'

/** An error as viem raises it for a JSON-RPC error answer. */
const rpcError = (code: number, message: string, data?: unknown) =>
  new UnknownRpcError(
    new RpcRequestError({
      body: { method: 'eth_getLogs', params: [{ topics: ['0x'.padEnd(66, 'f')] }] },
      error: { code, message, data },
      url: 'https://rpc.example',
    }),
  )

describe('provider refusals of eth_getLogs, in their own words', () => {
  it.each([
    [
      'Alchemy',
      rpcError(
        -32602,
        'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [0x1b4, 0x1e0]',
      ),
      { suggestedTo: 0x1e0n },
    ],
    [
      'Infura',
      new LimitExceededRpcError(
        rpcError(-32005, 'query returned more than 10000 results. Try with this block range [0x11, 0x1F].'),
      ),
      { suggestedTo: 0x1fn },
    ],
    [
      'thirdweb (data)',
      rpcError(
        -32602,
        'invalid params',
        'Query returned more than 10000 results. Try with this block range [0x800000, 0x800054].',
      ),
      { suggestedTo: 0x800054n },
    ],
    [
      'a generic node',
      rpcError(-32602, 'query exceeds max results 20000, retry with the range 24383075-24383096'),
      { suggestedTo: 24383096n },
    ],
    ['QuickNode', rpcError(-32614, 'eth_getLogs is limited to a 10,000 range'), { maxBlocks: 10000 }],
    [
      'Cloudflare',
      rpcError(-32047, "Invalid eth_getLogs request. 'fromBlock'-'toBlock' range too large. Max range: 800"),
      { maxBlocks: 800 },
    ],
    ['thirdweb', rpcError(-32602, 'Maximum allowed number of requested blocks is 1000'), { maxBlocks: 1000 }],
    ['BlockPI', rpcError(-32602, 'eth_getLogs is limited to 1024 block range'), { maxBlocks: 1024 }],
    ['Ankr', rpcError(-32600, 'block range is too wide'), {}],
    ['Base', rpcError(-32000, 'block range too large'), {}],
    ['Optimism', rpcError(-32000, 'Block range is too large'), {}],
    ['a proxy with no healthy backend', rpcError(-32011, 'no backend is currently healthy to serve traffic'), {}],
    ['a size cap', rpcError(-32000, 'response size exceeded'), {}],
  ])('%s: a range refusal with the hint it carries', (_, error, hint) => {
    const failure = classifyRpcFailure(error, { method: 'eth_getLogs' })
    expect(failure).toEqual({ kind: 'log-range', words: expect.any(String), ...hint })
  })

  it('keeps the provider’s words and leaves out the request body', () => {
    const words = providerWords(
      rpcError(-32047, "Invalid eth_getLogs request. 'fromBlock'-'toBlock' range too large. Max range: 800"),
    )
    expect(words).toContain('Max range: 800')
    expect(words).not.toContain('topics')
  })
})

describe('endpoint failures', () => {
  const http = (status: number, headers: Record<string, string> = {}) =>
    new HttpRequestError({
      url: 'https://rpc.example',
      status,
      headers: new Headers(headers),
      details: status === 429 ? 'Too Many Requests' : 'Service Unavailable',
    })

  it('reads a 429 with its Retry-After, in seconds or as a date', () => {
    expect(classifyRpcFailure(http(429, { 'retry-after': '3' }))).toMatchObject({
      kind: 'rate-limited',
      retryAfterMs: 3000,
    })
    const failure = classifyRpcFailure(http(429, { 'retry-after': new Date(Date.now() + 10_000).toUTCString() }))
    expect(failure.kind === 'rate-limited' && failure.retryAfterMs).toBeGreaterThan(8000)
    expect(classifyRpcFailure(http(429))).toMatchObject({ kind: 'rate-limited', retryAfterMs: undefined })
  })

  it('takes 5xx, timeouts and garbage as the endpoint being unavailable, and a plain refusal of another method as final', () => {
    expect(classifyRpcFailure(http(503)).kind).toBe('unavailable')
    expect(classifyRpcFailure(new TimeoutError({ body: {}, url: 'https://rpc.example' })).kind).toBe('unavailable')
    expect(
      classifyRpcFailure(
        new HttpRequestError({ url: 'https://rpc.example', cause: new SyntaxError('Unexpected end of JSON input') }),
      ).kind,
    ).toBe('unavailable')
    expect(
      classifyRpcFailure(rpcError(-32601, 'the method debug_traceBlockByNumber does not exist/is not available'), {
        method: 'debug_traceBlockByNumber',
      }).kind,
    ).toBe('other')
  })
})

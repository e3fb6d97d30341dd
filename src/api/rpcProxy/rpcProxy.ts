import type { IncomingMessage, ServerResponse } from 'node:http'
import { clientIp } from '../../http/clientIp.ts'
import { localRateLimiters, type RateLimiters } from '../../http/sharedRateLimiter.ts'
import { readBody } from '../../http/readBody.ts'

/**
 * The reads the pay page and a wallet pointed at this app need, and nothing else: no account,
 * debug, trace, node-admin or log-scanning method ever reaches the operator's node or paid quota.
 * A signed transaction is passed on because anyone may broadcast one.
 */
export const RELAYED_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_sendRawTransaction',
])

export const MAX_PROXY_BATCH = 20
export const MAX_RELAY_BODY_BYTES = 128 * 1024

type Id = string | number | null
type Call = { jsonrpc: '2.0'; id: Id; method: string; params?: unknown[] }
type Reply = { jsonrpc: '2.0'; id: Id; result?: unknown; error?: { code: number; message: string; data?: unknown } }

export type RpcProxyOptions = {
  chainId: number
  /** Tried in order: the next one answers when one is down, refuses with 429/5xx or times out. */
  urls: readonly string[]
  /** Calls per client and minute (a batch counts each call); 0 turns the limit off. */
  perMinute: number
  trustProxy: boolean
  timeoutMs?: number
  /** Where the limit is kept: this process (default), or the deployment's database. */
  limiters?: RateLimiters
}

const fail = (id: Id, code: number, message: string): Reply => ({ jsonrpc: '2.0', id, error: { code, message } })

/**
 * /rpc/<chainId>: the browser's JSON-RPC to one chain through the app's own origin, so an RPC URL
 * with a key in it never reaches the page. Only JSON (a form or text/plain post from another site
 * is refused), only the allowed methods, batches capped, a per-client rate limit, a time limit
 * on the upstream call. Every refusal is a JSON-RPC error that names what was wrong.
 */
export function createRpcProxy({
  chainId,
  urls,
  perMinute,
  trustProxy,
  timeoutMs = 10_000,
  limiters = localRateLimiters(),
}: RpcProxyOptions) {
  const limiter = limiters(`rpc:${chainId}`, perMinute)

  const answer = (res: ServerResponse, status: number, body: Reply | Reply[], headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    })
    res.end(JSON.stringify(body))
  }

  const forward = async (calls: Call[]): Promise<Reply[]> => {
    // Fresh ids upstream: a client's duplicate or odd ids cannot confuse the mapping back.
    const body = JSON.stringify(
      calls.map((call, index) => ({ jsonrpc: '2.0', id: index, method: call.method, params: call.params ?? [] })),
    )
    for (const url of urls) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        })
        if (response.status === 429 || response.status >= 500) continue
        const replies = (await response.json()) as unknown
        if (!Array.isArray(replies)) continue
        const byId = new Map((replies as Reply[]).map((reply) => [reply.id, reply]))
        return calls.map((call, index) => {
          const reply = byId.get(index)
          if (!reply) return fail(call.id, -32603, `The chain ${chainId} node sent no answer to ${call.method}.`)
          return reply.error
            ? { jsonrpc: '2.0', id: call.id, error: reply.error }
            : { jsonrpc: '2.0', id: call.id, result: reply.result }
        })
      } catch {
        // Unreachable, timed out or not JSON: the next URL.
      }
    }
    return calls.map((call) => fail(call.id, -32603, `Chain ${chainId} is not reachable now; try again shortly.`))
  }

  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST')
      return answer(res, 405, fail(null, -32600, 'Send JSON-RPC with POST.'), { allow: 'POST' })
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
    if (type !== 'application/json')
      return answer(res, 415, fail(null, -32600, `Content-Type must be application/json, got "${type || 'none'}".`), {
        connection: 'close',
      })
    const body = await readBody(req, MAX_RELAY_BODY_BYTES)
    if (body === 'too-large')
      return answer(
        res,
        413,
        fail(null, -32600, `The request body is larger than ${MAX_RELAY_BODY_BYTES / 1024} KB.`),
        { connection: 'close' },
      )

    let parsed: unknown
    try {
      parsed = JSON.parse(body.toString('utf8'))
    } catch {
      return answer(res, 400, fail(null, -32700, 'The body is not valid JSON.'))
    }
    const batch = Array.isArray(parsed)
    const items = batch ? (parsed as unknown[]) : [parsed]
    if (items.length === 0) return answer(res, 400, fail(null, -32600, 'The batch is empty.'))
    if (items.length > MAX_PROXY_BATCH)
      return answer(
        res,
        400,
        fail(null, -32600, `A batch can hold at most ${MAX_PROXY_BATCH} calls; this one has ${items.length}.`),
      )

    const verdict = await limiter.take(clientIp(req, trustProxy), items.length)
    if (!verdict.allowed) {
      const refusal = fail(
        null,
        -32005,
        `Too many RPC calls from this client. Try again in ${verdict.retryAfterSeconds} s.`,
      )
      return answer(res, 429, refusal, { 'retry-after': String(verdict.retryAfterSeconds) })
    }

    const replies: (Reply | undefined)[] = items.map((item) => refusalOf(item))
    const allowed = items.flatMap((item, index) => (replies[index] ? [] : [{ call: item as Call, index }]))
    if (allowed.length > 0) {
      const forwarded = await forward(allowed.map((a) => a.call))
      allowed.forEach(({ index }, i) => (replies[index] = forwarded[i]))
    }
    answer(res, 200, batch ? (replies as Reply[]) : replies[0]!)
  }
}

/** Why one call of a request is not passed on, or undefined when it may go on. */
function refusalOf(item: unknown): Reply | undefined {
  if (typeof item !== 'object' || item === null) return fail(null, -32600, 'Each call must be a JSON-RPC object.')
  const call = item as Partial<Call>
  const id = typeof call.id === 'string' || typeof call.id === 'number' ? call.id : null
  if (call.jsonrpc !== '2.0') return fail(id, -32600, 'jsonrpc must be "2.0".')
  if (typeof call.method !== 'string') return fail(id, -32600, 'method must be a string.')
  if (call.params !== undefined && !Array.isArray(call.params))
    return fail(id, -32602, `params of ${call.method.slice(0, 64)} must be an array.`)
  if (!RELAYED_METHODS.has(call.method))
    return fail(
      id,
      -32601,
      `${call.method.slice(0, 64)} is not available through this app's RPC proxy; it answers only the reads a payment needs.`,
    )
  return undefined
}

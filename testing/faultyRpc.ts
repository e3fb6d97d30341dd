import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocket, WebSocketServer } from 'ws'

/**
 * A JSON-RPC proxy in front of a real node that behaves like the providers a watcher meets on real
 * chains: `eth_getLogs` caps by block range or result count refused in each provider's own words,
 * 429 with Retry-After, 5xx, calls that hang, garbage bodies, a log index that lags the head, and no
 * tracing; or a geth node, simulating on the latest mined block only. It also counts what passes through: calls per method, HTTP requests, bytes sent back.
 */
export type ProviderName =
  | 'alchemy'
  | 'infura'
  | 'quicknode'
  | 'cloudflare'
  | 'ankr'
  | 'thirdweb'
  | 'base'
  | 'optimism'
  | 'blockpi'
  | 'generic'
  | 'size'
  | 'unhealthy'

export type LogsLimit = { provider: ProviderName; maxBlocks?: number; maxResults?: number }

export type Faults = {
  logsLimit?: LogsLimit
  /** The next N HTTP requests answer this way. */
  next?: { count: number; answer: '429' | '503' | 'hang' | 'garbage'; retryAfterSeconds?: number }
  /** eth_getLogs leaves out the newest N blocks (the node's log index behind its head). */
  logIndexLag?: number
  /** Every answer waits this long, like a distant or overloaded provider. */
  delayMs?: number
  /** Answers debug_trace* and trace_* with "method not found", like a node that cannot trace. */
  noTracing?: boolean
  /**
   * Answers `eth_call` at any block but the newest with geth's "missing trie node", like a full
   * node that keeps no history (most providers' cheaper tiers).
   */
  noHistory?: boolean
  /**
   * eth_sendRawTransaction never answers: the node never gets the transaction (`before-node`), or
   * gets it and the answer is lost on the way back (`after-node`, a provider timing out).
   */
  holdTransactions?: 'before-node' | 'after-node'
  /**
   * `eth_call` and `eth_estimateGas` without a block, or at `pending`, run on the latest mined block
   * as geth does by default: transactions waiting in the pool are not seen (Anvil's own default
   * includes them).
   */
  simulateOnLatest?: boolean
  /** Rewrites an eth_getLogs result before it is sent (bad input from a provider). */
  rewriteLogs?: (logs: RpcLog[], request: GetLogsParams) => RpcLog[]
  /**
   * Rewrites any method's result before it is sent: the odd but valid JSON real nodes answer (see
   * `nodeAnswers.ts`). Return the result unchanged to let it through, or a promise of it to hold the
   * answer while the chain moves on (a slow provider answering about an older block).
   */
  rewriteAnswer?: (method: string, result: unknown, params: unknown[]) => unknown
}

export type RpcLog = {
  address: string
  topics: string[]
  data: string
  blockNumber: string
  blockHash: string
  transactionHash: string
  logIndex: string
  [key: string]: unknown
}
export type GetLogsParams = { fromBlock?: string; toBlock?: string; address?: string | string[]; topics?: unknown[] }

type RpcCall = { jsonrpc: '2.0'; id: unknown; method: string; params?: unknown[] }
type RpcAnswer = {
  jsonrpc: '2.0'
  id: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}
/** A refusal of the whole HTTP request, as some providers send it. */
class HttpRefusal {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {}
}

export type FaultyRpc = {
  url: string
  faults: Faults
  /** JSON-RPC calls by method (batch items each count: providers bill per call). */
  calls: Map<string, number>
  /** Every eth_getLogs query refused, as sent. */
  refusedQueries: string[]
  /** When each HTTP request arrived (ms since the epoch). */
  arrivals: number[]
  /** The same proxy for WebSocket clients (calls counted as over HTTP, without the HTTP faults). */
  wsUrl: string
  /** Subscription notifications sent over WebSockets (some providers bill them too). */
  notifications(): number
  /** Closes every open WebSocket, as a provider dropping its sockets does; new ones are accepted. */
  dropSockets(): void
  /** While true, WebSocket upgrades are refused (a provider whose socket endpoint is down). */
  refuseSockets: boolean
  stats(): { calls: number; httpRequests: number; bytes: number; refused: number }
  reset(): void
  close(): Promise<void>
}

const hex = (n: bigint) => `0x${n.toString(16)}`

export async function startFaultyRpc(upstream: string, faults: Faults = {}): Promise<FaultyRpc> {
  const calls = new Map<string, number>()
  let httpRequests = 0
  let bytes = 0
  let refused = 0
  const refusedQueries: string[] = []
  const arrivals: number[] = []
  const connections = new Set<Socket>()

  const forward = async (body: unknown): Promise<unknown> => {
    const response = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return response.json()
  }
  const upstreamHead = async () =>
    BigInt(
      ((await forward({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] })) as { result: string }).result,
    )

  /** Each provider's refusal, worded as it words it (see src/chain/rpc/providerErrors.ts). */
  const refusal = (limit: LogsLimit, from: bigint, to: bigint, fitsTo: bigint): RpcAnswer['error'] | HttpRefusal => {
    const max = limit.maxBlocks ?? 0
    switch (limit.provider) {
      case 'alchemy':
        return {
          code: -32602,
          message: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [${hex(from)}, ${hex(fitsTo)}]`,
        }
      case 'infura':
        return {
          code: -32005,
          message: `query returned more than ${limit.maxResults ?? 10000} results. Try with this block range [${hex(from)}, ${hex(fitsTo)}].`,
        }
      case 'generic':
        return {
          code: -32602,
          message: `query exceeds max results ${limit.maxResults ?? 10000}, retry with the range ${from}-${fitsTo}`,
        }
      case 'quicknode':
        return new HttpRefusal(
          413,
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32614, message: `eth_getLogs is limited to a ${max.toLocaleString('en')} range` },
          }),
        )
      case 'cloudflare':
        return {
          code: -32047,
          message: `Invalid eth_getLogs request. 'fromBlock'-'toBlock' range too large. Max range: ${max}`,
        }
      case 'ankr':
        return { code: -32600, message: 'block range is too wide' }
      case 'thirdweb':
        return { code: -32602, message: `Maximum allowed number of requested blocks is ${max}` }
      case 'base':
        return { code: -32000, message: 'block range too large' }
      case 'optimism':
        return { code: -32000, message: 'Block range is too large' }
      case 'blockpi':
        return { code: -32602, message: `eth_getLogs is limited to ${max} block range` }
      case 'size':
        return { code: -32000, message: 'response size exceeded' }
      case 'unhealthy':
        return { code: -32011, message: 'no backend is currently healthy to serve traffic' }
    }
  }

  const getLogs = async (call: RpcCall): Promise<RpcAnswer | HttpRefusal> => {
    const params = (call.params?.[0] ?? {}) as GetLogsParams
    const answer = (await forward(call)) as RpcAnswer
    if (answer.error) return answer
    let logs = answer.result as RpcLog[]
    const head = await upstreamHead()
    const from = params.fromBlock?.startsWith('0x') ? BigInt(params.fromBlock) : 0n
    const to = params.toBlock?.startsWith('0x') ? BigInt(params.toBlock) : head
    if (faults.logIndexLag) logs = logs.filter((log) => BigInt(log.blockNumber) <= head - BigInt(faults.logIndexLag!))
    const limit = faults.logsLimit
    if (limit) {
      const blocks = to - from + 1n
      const tooWide = limit.maxBlocks !== undefined && blocks > BigInt(limit.maxBlocks)
      const tooMany = limit.maxResults !== undefined && logs.length > limit.maxResults
      if (tooWide || tooMany) {
        // The largest range from `from` that would have been answered, as the suggesting providers compute it.
        let fitsTo = limit.maxBlocks !== undefined ? from + BigInt(limit.maxBlocks) - 1n : to
        if (limit.maxResults !== undefined && logs.length > limit.maxResults) {
          const cut = BigInt(logs[limit.maxResults]!.blockNumber) - 1n
          if (cut < fitsTo) fitsTo = cut < from ? from : cut
        }
        refused++
        refusedQueries.push(JSON.stringify(params))
        const error = refusal(limit, from, to, fitsTo)
        return error instanceof HttpRefusal ? error : { jsonrpc: '2.0', id: call.id, error }
      }
    }
    if (faults.rewriteLogs) logs = faults.rewriteLogs(logs, params)
    return { jsonrpc: '2.0', id: call.id, result: logs }
  }

  const answer = async (call: RpcCall): Promise<RpcAnswer | HttpRefusal> => {
    const answered = await answerAsNode(call)
    if (!faults.rewriteAnswer || answered instanceof HttpRefusal || answered.error) return answered
    return { ...answered, result: await faults.rewriteAnswer(call.method, answered.result, call.params ?? []) }
  }

  const answerAsNode = async (call: RpcCall): Promise<RpcAnswer | HttpRefusal> => {
    calls.set(call.method, (calls.get(call.method) ?? 0) + 1)
    if (faults.noTracing && /^(debug_trace|trace_)/.test(call.method))
      return {
        jsonrpc: '2.0',
        id: call.id,
        error: { code: -32601, message: `the method ${call.method} does not exist/is not available` },
      }
    if (call.method === 'eth_getLogs') return getLogs(call)
    const block = call.params?.[1]
    if (faults.noHistory && call.method === 'eth_call' && typeof block === 'string' && block.startsWith('0x'))
      if (BigInt(block) < (await upstreamHead()))
        return {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32000, message: `missing trie node ${'0'.repeat(64)} (path ) <nil>` },
        }
    if (faults.simulateOnLatest && (call.method === 'eth_call' || call.method === 'eth_estimateGas')) {
      const [transaction, tag, ...rest] = call.params ?? []
      if (tag === undefined || tag === 'pending')
        return (await forward({ ...call, params: [transaction, hex(await upstreamHead()), ...rest] })) as RpcAnswer
    }
    if (call.method === 'eth_sendRawTransaction' && faults.holdTransactions) {
      if (faults.holdTransactions === 'after-node') await forward(call)
      return new Promise<never>(() => {})
    }
    return (await forward(call)) as RpcAnswer
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    httpRequests++
    arrivals.push(Date.now())
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const next = faults.next
    if (next && next.count > 0) {
      next.count--
      if (next.count === 0) delete faults.next
      if (next.answer === 'hang') return // the socket stays open until the caller gives up
      if (next.answer === '429')
        return send(
          res,
          429,
          JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: 429, message: 'Too Many Requests' } }),
          { 'retry-after': String(next.retryAfterSeconds ?? 1) },
        )
      if (next.answer === '503')
        return send(res, 503, '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>', {
          'content-type': 'text/html',
        })
      return send(res, 200, '{"jsonrpc":"2.0","id":1,"result":', {})
    }
    if (faults.delayMs) await new Promise((resolve) => setTimeout(resolve, faults.delayMs))
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcCall | RpcCall[]
    const answers = await Promise.all((Array.isArray(body) ? body : [body]).map(answer))
    const http = answers.find((a): a is HttpRefusal => a instanceof HttpRefusal)
    if (http) return send(res, http.status, http.body, {})
    send(res, 200, JSON.stringify(Array.isArray(body) ? answers : answers[0]), {})
  }
  const send = (res: ServerResponse, status: number, text: string, headers: Record<string, string>) => {
    bytes += Buffer.byteLength(text)
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, JSON.stringify({ error: String(error) }), {}))
  })
  server.on('connection', (socket) => {
    connections.add(socket)
    socket.once('close', () => connections.delete(socket))
  })
  // WebSockets are piped to the node's own socket, each client message counted as a call.
  const sockets = new WebSocketServer({ noServer: true })
  let notifications = 0
  const open = new Set<WebSocket>()
  server.on('upgrade', (req, socket, head) => {
    if (proxy.refuseSockets) return socket.destroy()
    sockets.handleUpgrade(req, socket, head, (client) => {
      const node = new WebSocket(upstream.replace(/^http/, 'ws'))
      const queued: string[] = []
      open.add(client)
      client.on('message', (data) => {
        const text = data.toString()
        for (const call of [JSON.parse(text) as RpcCall | RpcCall[]].flat())
          calls.set(call.method, (calls.get(call.method) ?? 0) + 1)
        if (node.readyState === WebSocket.OPEN) node.send(text)
        else queued.push(text)
      })
      node.on('open', () => queued.splice(0).forEach((text) => node.send(text)))
      node.on('message', (data) => {
        const text = data.toString()
        if (text.includes('"eth_subscription"')) notifications++
        bytes += Buffer.byteLength(text)
        if (client.readyState === WebSocket.OPEN) client.send(text)
      })
      const end = () => {
        open.delete(client)
        client.terminate()
        node.terminate()
      }
      client.on('close', end)
      client.on('error', end)
      node.on('close', end)
      node.on('error', end)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const proxy = {
    refuseSockets: false,
    wsUrl: `ws://127.0.0.1:${port}`,
    notifications: () => notifications,
    dropSockets() {
      for (const client of open) client.terminate()
    },
    url: `http://127.0.0.1:${port}`,
    faults,
    calls,
    refusedQueries,
    arrivals,
    stats: () => ({ calls: [...calls.values()].reduce((a, b) => a + b, 0), httpRequests, bytes, refused }),
    reset() {
      calls.clear()
      refusedQueries.length = 0
      arrivals.length = 0
      httpRequests = bytes = refused = notifications = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of open) client.terminate()
        sockets.close()
        for (const socket of connections) socket.destroy()
        server.close(() => resolve())
      }),
  }
  return proxy
}

import { walkCause } from '../../domain/baseError.ts'

/**
 * What a provider's refusal of an `eth_getLogs` query says about the range to ask next.
 * `maxBlocks` is a hard cap the provider states; `suggestedTo` is the end of a range it says will
 * work from the same start (result-count caps: it depends on how busy the blocks are).
 */
export type LogRangeRefusal = { kind: 'log-range'; maxBlocks?: number; suggestedTo?: bigint; words: string }

/**
 * A failure of the endpoint rather than of the query: try another, or the same one later. `malformed`
 * is an answer in a shape no node should send (a list that is not one, a block without a number).
 */
export type EndpointFailure =
  | { kind: 'rate-limited'; retryAfterMs: number | undefined; words: string }
  | { kind: 'unavailable'; words: string }
  | { kind: 'malformed'; words: string }

export type RpcFailure = LogRangeRefusal | EndpointFailure | { kind: 'other'; words: string }

const hex = (value: string) => BigInt(`0x${value}`)
const decimal = (value: string) => Number(value.replace(/[,._]/g, ''))

/** The words providers use to refuse a range, most specific first. Each returns the hint it carries. */
const logRangeRules: { pattern: RegExp; hint: (m: RegExpMatchArray) => Omit<LogRangeRefusal, 'kind' | 'words'> }[] = [
  // Alchemy: "Log response size exceeded. … this block range should work: [0x1, 0x2]"
  {
    pattern: /this block range should work: \[0x([0-9a-f]+),\s*0x([0-9a-f]+)\]/i,
    hint: (m) => ({ suggestedTo: hex(m[2]!) }),
  },
  // Infura (-32005), thirdweb, zkSync: "query returned more than 10000 results. Try with this block range [0x1, 0x2]."
  {
    pattern: /try with this block range \[0x([0-9a-f]+),\s*0x([0-9a-f]+)\]/i,
    hint: (m) => ({ suggestedTo: hex(m[2]!) }),
  },
  // Generic (erigon, llamarpc, Ankr): "query exceeds max results 20000, retry with the range 24383075-24383096"
  { pattern: /retry with the range (\d+)-(\d+)/i, hint: (m) => ({ suggestedTo: BigInt(m[2]!) }) },
  // QuickNode (-32614): "eth_getLogs is limited to a 10,000 range"
  { pattern: /limited to a ([\d,.]+) (?:block )?range/i, hint: (m) => ({ maxBlocks: decimal(m[1]!) }) },
  // BlockPI: "eth_getLogs is limited to 1024 block range"
  { pattern: /limited to ([\d,.]+) block/i, hint: (m) => ({ maxBlocks: decimal(m[1]!) }) },
  // Cloudflare (-32047): "Invalid eth_getLogs request. 'fromBlock'-'toBlock' range too large. Max range: 800"
  { pattern: /max range: ([\d,.]+)/i, hint: (m) => ({ maxBlocks: decimal(m[1]!) }) },
  // thirdweb: "Maximum allowed number of requested blocks is 1000"
  { pattern: /maximum allowed number of requested blocks is ([\d,.]+)/i, hint: (m) => ({ maxBlocks: decimal(m[1]!) }) },
  // Coinbase, PublicNode, Avalanche and others that name their cap.
  {
    pattern:
      /at most ([\d,.]+) blocks|maximum block range: ([\d,.]+)|maximum is set to ([\d,.]+)|range limit ([\d,.]+)/i,
    hint: (m) => ({ maxBlocks: decimal(m[1] ?? m[2] ?? m[3] ?? m[4]!) }),
  },
  // Ankr: "block range is too wide"; Base: "block range too large"; Optimism: "Block range is too large";
  // and result-size caps that name no range: halve.
  {
    pattern:
      /block range is too wide|block range (?:is )?too large|range too large|query exceeds max results|query returned more than \d+ results|response size exceeded|response too large|log response size|logs matched by query exceeds|too many blocks|block range limit exceeded|no backend is currently healthy/i,
    hint: () => ({}),
  },
]

const unavailablePatterns =
  /timed? ?out|timeout|ECONNREFUSED|ECONNRESET|fetch failed|socket hang up|other side closed|unexpected token|not valid JSON|JSON at position|Unexpected end of JSON|bad gateway|service unavailable|internal server error|header not found|missing trie node|Expected \d+ responses/i

/** Reads an RPC error the way a person would: the provider's own words, and what they mean for the next call. */
export function classifyRpcFailure(error: unknown, { method }: { method?: string } = {}): RpcFailure {
  const words = providerWords(error)
  const status = httpStatus(error)
  if (status === 429 || /rate limit|too many requests|exceeded .*capacity|compute units per second/i.test(words))
    return { kind: 'rate-limited', retryAfterMs: retryAfterMs(error), words }
  if (method === undefined || method === 'eth_getLogs') {
    for (const rule of logRangeRules) {
      const match = words.match(rule.pattern)
      if (match) return { kind: 'log-range', ...rule.hint(match), words }
    }
  }
  if (
    (status !== undefined && status >= 500) ||
    status === 408 ||
    isTimeout(error) ||
    unavailablePatterns.test(words) ||
    /no backend is currently healthy/i.test(words)
  )
    return { kind: 'unavailable', words }
  // A bare transport failure (nothing the node said) is the endpoint's fault too.
  if (rpcCode(error) === undefined && status === undefined) return { kind: 'unavailable', words }
  return { kind: 'other', words }
}

/**
 * The provider's message, once, without the request body viem adds to its errors (a `eth_getLogs`
 * body can be kilobytes of topics, and it is our own words, not theirs).
 */
export function providerWords(error: unknown): string {
  const seen = new Set<string>()
  walkCause(error, (e) => {
    if (typeof e !== 'object' || e === null) {
      if (typeof e === 'string') seen.add(e)
      return false
    }
    const { details, shortMessage, message, data } = e as {
      details?: unknown
      shortMessage?: unknown
      message?: unknown
      data?: unknown
    }
    for (const text of [details, typeof data === 'string' ? data : undefined, shortMessage ?? firstLine(message)])
      if (typeof text === 'string' && text.trim() && !isGeneric(text)) seen.add(text.trim())
    return false
  })
  const parts = [...seen].filter((text, _, all) => !all.some((other) => other !== text && other.includes(text)))
  return parts.join(' — ').slice(0, 500) || 'no answer from the RPC endpoint'
}

const genericWords =
  /^(An internal error was received\.|HTTP request failed\.|RPC Request failed\.|Request exceeds defined limit\.|Invalid parameters were provided to the RPC method\.|Missing or invalid parameters\.|Unknown RPC error\.|The request took too long to respond\.)$/
const isGeneric = (text: string) => genericWords.test(text.trim())
const firstLine = (value: unknown) => (typeof value === 'string' ? value.split('\n')[0] : undefined)

function httpStatus(error: unknown): number | undefined {
  const found = walkCause(error, (e) => typeof (e as { status?: unknown } | null)?.status === 'number') as
    { status: number } | undefined
  return found?.status
}

function rpcCode(error: unknown): number | undefined {
  const found = walkCause(error, (e) => typeof (e as { code?: unknown } | null)?.code === 'number') as
    { code: number } | undefined
  return found?.code
}

function isTimeout(error: unknown): boolean {
  return (
    walkCause(
      error,
      (e) =>
        (e as { name?: unknown } | null)?.name === 'TimeoutError' ||
        (e as { name?: unknown } | null)?.name === 'AbortError',
    ) !== undefined
  )
}

/** Retry-After in seconds or as an HTTP date, from the deepest error that carries the response's headers. */
function retryAfterMs(error: unknown): number | undefined {
  const found = walkCause(error, (e) => (e as { headers?: unknown } | null)?.headers instanceof Headers) as
    { headers: Headers } | undefined
  const value = found?.headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

import { createPublicClient, custom, http, type Chain, type EIP1193RequestFn, type PublicClient } from 'viem'
import type * as z from 'zod/v4/mini'
import { BaseError } from '../../domain/baseError.ts'
import { assertChainCallAllowed } from './chainCallsRefused.ts'
import { classifyRpcFailure, type RpcFailure } from './providerErrors.ts'
import { shapeWords } from './rpcShapes.ts'

/** An RPC call the endpoint or the provider refused; `failure` says how (a range to split, a limit, an outage). */
export class ChainRpcError extends BaseError {
  override name = 'ChainRpcError'
  readonly failure: RpcFailure
  /** The one block the answer was about, where the caller narrowed it down to one. */
  block: bigint | undefined
  constructor({
    chainId,
    method,
    failure,
    cause,
  }: {
    chainId: number
    method: string
    failure: RpcFailure
    cause?: unknown
  }) {
    const shortMessage =
      failure.kind === 'log-range'
        ? `The RPC provider of chain ${chainId} refused the eth_getLogs range.`
        : failure.kind === 'other'
          ? `The RPC provider of chain ${chainId} refused ${method}.`
          : failure.kind === 'malformed'
            ? `The RPC provider of chain ${chainId} answered ${method} in a shape no node sends.`
            : `No RPC endpoint of chain ${chainId} is answering ${method} now.`
    super({
      code:
        failure.kind === 'log-range'
          ? 'RPC_LOG_RANGE_REFUSED'
          : failure.kind === 'other'
            ? 'RPC_REFUSED'
            : failure.kind === 'malformed'
              ? 'RPC_MALFORMED'
              : 'RPC_UNAVAILABLE',
      shortMessage,
      details: failure.words,
      cause,
    })
    this.failure = failure
  }
}

export type ChainRpcOptions = {
  chain: Chain
  /** Tried in this order; one that fails rests for a while and the next takes over. */
  urls: readonly string[]
  /** One call's limit, the HTTP request and its body included. */
  timeoutMs?: number
  /** How long a call may wait for an endpoint to come back (a Retry-After, a cool-down) before it fails. */
  maxWaitMs?: number
  /** Told of every failed call (for metrics); the caller still gets the error or the failover. */
  onFailure?: (kind: RpcFailure['kind']) => void
}

type Endpoint = {
  url: string
  request: EIP1193RequestFn
  restUntil: number
  failures: number
  /** Why it rests: a call that finds every endpoint resting fails with these words. */
  lastError?: ChainRpcError
}

/** The shapes an answer is read through (see `rpcShapes.ts`). */
type Shape<T> = z.ZodMiniType<T>

/** Ceiling of an endpoint's rest after repeated failures without a Retry-After. */
const MAX_REST_MS = 30_000

/**
 * One chain's RPC: several endpoints with failover, a 429's Retry-After honoured (that endpoint is
 * not asked again before it), failures classified by the provider's own words. Calls are never
 * retried unchanged on a refusal of the query itself (a range too large): the caller changes it.
 * Concurrent calls to one endpoint go out as JSON-RPC batches. `read` checks the answer against its
 * shape: one that does not fit is never handed on; the next endpoint is asked, and when every one
 * answered it malformed the call fails at once (the caller asks again later). A malformed answer
 * does not rest the endpoint: it is about this call's item, and the endpoint may answer others well.
 */
export function createChainRpc({ chain, urls, timeoutMs = 10_000, maxWaitMs = 30_000, onFailure }: ChainRpcOptions) {
  if (urls.length === 0) throw new Error(`chain ${chain.id} has no RPC URL`)
  const endpoints: Endpoint[] = urls.map((url) => ({
    url,
    request: http(url, { batch: { batchSize: 100 }, retryCount: 0, timeout: timeoutMs })({ chain, retryCount: 0 })
      .request,
    restUntil: 0,
    failures: 0,
  }))

  const call = async <T>(args: { method: string; params?: unknown }, shape?: Shape<T>): Promise<T> => {
    assertChainCallAllowed(chain.id, args.method)
    const deadline = Date.now() + maxWaitMs
    let last: ChainRpcError | undefined
    const malformedBy = new Set<Endpoint>()
    for (;;) {
      const now = Date.now()
      const ready = endpoints.filter((e) => e.restUntil <= now && !malformedBy.has(e))
      // Every endpoint that could answer sent this call's answer malformed: asking again now would too.
      if (ready.length === 0 && malformedBy.size > 0 && endpoints.every((e) => malformedBy.has(e) || e.restUntil > now))
        throw last!
      if (ready.length === 0) {
        const soonest = Math.min(...endpoints.map((e) => e.restUntil))
        if (soonest > deadline)
          throw (
            last ??
            endpoints.find((e) => e.restUntil === soonest)?.lastError ??
            new ChainRpcError({
              chainId: chain.id,
              method: args.method,
              failure: { kind: 'unavailable', words: 'every endpoint is resting' },
            })
          )
        await new Promise((resolve) => setTimeout(resolve, soonest - now))
        continue
      }
      for (const endpoint of ready) {
        try {
          const result: unknown = await endpoint.request(args as never)
          const parsed = shape ? shape.safeParse(result) : { success: true as const, data: result as T }
          if (!parsed.success) throw new MalformedAnswer(shapeWords(parsed.error))
          endpoint.failures = 0
          return parsed.data
        } catch (error) {
          const failure: RpcFailure =
            error instanceof MalformedAnswer
              ? { kind: 'malformed', words: `${args.method}: ${error.message}` }
              : classifyRpcFailure(error, args)
          onFailure?.(failure.kind)
          last = new ChainRpcError({ chainId: chain.id, method: args.method, failure, cause: error })
          if (failure.kind === 'log-range' || failure.kind === 'other') throw last
          // An answer about this call's own item: the endpoint is not rested for it, only not asked again.
          if (failure.kind === 'malformed') {
            malformedBy.add(endpoint)
            continue
          }
          endpoint.failures++
          endpoint.lastError = last
          const rest =
            failure.kind === 'rate-limited' && failure.retryAfterMs !== undefined
              ? failure.retryAfterMs
              : Math.min(MAX_REST_MS, 250 * 2 ** endpoint.failures)
          endpoint.restUntil = Date.now() + rest
        }
      }
    }
  }

  const request = (args: { method: string; params?: unknown }): Promise<unknown> => call(args)
  const read = <T>(args: { method: string; params?: unknown }, shape: Shape<T>): Promise<T> => call(args, shape)

  const client = createPublicClient({
    chain,
    transport: custom({ request } as { request: EIP1193RequestFn }, { retryCount: 0 }),
  }) as PublicClient
  return { chain, urls, request, read, client }
}

class MalformedAnswer extends Error {}

export type ChainRpc = ReturnType<typeof createChainRpc>

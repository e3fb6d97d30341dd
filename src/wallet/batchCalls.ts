import { numberToHex, type Address, type Hash, type Hex } from 'viem'
import { z } from 'zod'
import { toWalletError } from './toWalletError.ts'
import type { Eip1193Provider } from './types.ts'
import { InvalidWalletResponseError, UnknownWalletError, UserRejectedError, WrongChainError } from './walletErrors.ts'

/** The wallet takes fewer calls in one batch (5740): `sendInBatches` splits. */
export class BatchTooLargeError extends UnknownWalletError {
  override name = 'BatchTooLargeError'
}

/** One call of a batch: what eth_sendTransaction would send alone. */
export type BatchCall = { to: Address; data: Hex; value?: bigint }

/** EIP-5792's `atomic` capability: `ready` runs a batch as one transaction, `supported` after an upgrade the wallet asks for. */
export type AtomicSupport = 'ready' | 'supported' | 'unsupported' | 'no-eip5792'

/**
 * How a batch was sent: through EIP-5792 (one id the wallet reports on), or one eth_sendTransaction
 * per call where the wallet has no EIP-5792 (their hashes).
 */
export type SentBatch = { kind: 'calls'; id: string; chainId: number } | { kind: 'transactions'; hashes: Hash[] }

/** A batch's state as the wallet reports it (EIP-5792 codes 100, 200, 400, 500, 600). */
export type BatchStatus = {
  state: 'pending' | 'confirmed' | 'failed-offchain' | 'reverted' | 'partly-reverted'
  atomic: boolean
  transactions: { hash: Hash; success: boolean }[]
}

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/)
const capabilitiesSchema = z.record(
  z.string(),
  z.object({ atomic: z.object({ status: z.enum(['ready', 'supported', 'unsupported']) }).optional() }).passthrough(),
)
const sendCallsSchema = z.object({ id: z.string().min(1).max(4096) }).passthrough()
const statusSchema = z
  .object({
    status: z.number().int(),
    atomic: z.boolean(),
    receipts: z
      .array(z.object({ transactionHash: hex.length(66), status: hex }).passthrough())
      .optional()
      .default([]),
  })
  .passthrough()
const hashSchema = hex.length(66)

const NOT_SUPPORTED = new Set([4200, -32601, -32600])
const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number'
    ? (error as { code: number }).code
    : undefined

function read<T>(schema: z.ZodType<T>, answer: unknown, method: string): T {
  const parsed = schema.safeParse(answer)
  if (!parsed.success) throw new InvalidWalletResponseError({ method, cause: parsed.error })
  return parsed.data
}

/** What the wallet says of atomic batches for this account and chain; `no-eip5792` when it has no EIP-5792. */
export async function atomicSupport(
  provider: Eip1193Provider,
  account: Address,
  chainId: number,
): Promise<AtomicSupport> {
  let answer: unknown
  try {
    answer = await provider.request({ method: 'wallet_getCapabilities', params: [account, [numberToHex(chainId)]] })
  } catch (error) {
    if (NOT_SUPPORTED.has(codeOf(error) ?? 0)) return 'no-eip5792'
    throw toWalletError(error, { method: 'wallet_getCapabilities' })
  }
  const capabilities = read(capabilitiesSchema, answer, 'wallet_getCapabilities')
  const entry = Object.entries(capabilities).find(([key]) => Number(key) === chainId)?.[1] ?? capabilities['0x0']
  return entry?.atomic?.status ?? 'unsupported'
}

/**
 * Sends the calls in one confirmation: atomically where the wallet can (`support` ready or
 * supported), otherwise as a batch the wallet may run one call after another; where the wallet has
 * no EIP-5792, one eth_sendTransaction per call. A wallet that refuses atomicity (5760) gets the
 * calls again without it; one that declines the account upgrade (5750) is a person declining.
 */
export async function sendBatch(
  provider: Eip1193Provider,
  {
    from,
    chainId,
    calls,
    support,
  }: { from: Address; chainId: number; calls: readonly BatchCall[]; support: AtomicSupport },
): Promise<SentBatch> {
  if (support === 'no-eip5792') return sendEach(provider, from, calls)
  const params = (atomicRequired: boolean) => [
    {
      version: '2.0.0',
      from,
      chainId: numberToHex(chainId),
      atomicRequired,
      calls: calls.map((c) => ({ to: c.to, data: c.data, value: numberToHex(c.value ?? 0n) })),
    },
  ]
  const atomic = support === 'ready' || support === 'supported'
  try {
    const answer = await provider.request({ method: 'wallet_sendCalls', params: params(atomic) })
    return { kind: 'calls', id: read(sendCallsSchema, answer, 'wallet_sendCalls').id, chainId }
  } catch (error) {
    const code = codeOf(error)
    if (code === 5760 && atomic) return sendBatch(provider, { from, chainId, calls, support: 'unsupported' })
    if (code === 5750) throw new UserRejectedError(error, 'wallet_sendCalls')
    if (code === 5740) throw new BatchTooLargeError(error)
    if (code === 5710) throw new WrongChainError({ expectedChainId: chainId, cause: error })
    if (code !== undefined && NOT_SUPPORTED.has(code)) return sendEach(provider, from, calls)
    throw toWalletError(error, { method: 'wallet_sendCalls' })
  }
}

/** The largest batch the wallet takes is found by halving on 5740: the fewest batches it allows. */
export async function sendInBatches(
  provider: Eip1193Provider,
  batch: { from: Address; chainId: number; calls: readonly BatchCall[]; support: AtomicSupport },
): Promise<{ sent: SentBatch; calls: readonly BatchCall[] }[]> {
  try {
    return [{ sent: await sendBatch(provider, batch), calls: batch.calls }]
  } catch (error) {
    if (!(error instanceof BatchTooLargeError) || batch.calls.length < 2) throw error
    const half = Math.ceil(batch.calls.length / 2)
    const first = await sendInBatches(provider, { ...batch, calls: batch.calls.slice(0, half) })
    // The rest goes at the size the wallet just took.
    const size = first[0]!.calls.length
    const rest: { sent: SentBatch; calls: readonly BatchCall[] }[] = []
    for (let i = half; i < batch.calls.length; i += size)
      rest.push(...(await sendInBatches(provider, { ...batch, calls: batch.calls.slice(i, i + size) })))
    return [...first, ...rest]
  }
}

async function sendEach(provider: Eip1193Provider, from: Address, calls: readonly BatchCall[]): Promise<SentBatch> {
  const hashes: Hash[] = []
  for (const call of calls) {
    try {
      const answer = await provider.request({
        method: 'eth_sendTransaction',
        params: [{ from, to: call.to, data: call.data, value: numberToHex(call.value ?? 0n) }],
      })
      hashes.push(read(hashSchema, answer, 'eth_sendTransaction') as Hash)
    } catch (error) {
      // Calls already sent stay sent: the caller records them and says which did not go.
      if (hashes.length > 0) break
      throw toWalletError(error, { method: 'eth_sendTransaction' })
    }
  }
  return { kind: 'transactions', hashes }
}

const states: Record<number, BatchStatus['state']> = {
  100: 'pending',
  200: 'confirmed',
  400: 'failed-offchain',
  500: 'reverted',
  600: 'partly-reverted',
}

/** The batch's state through wallet_getCallsStatus, read through a schema; an unknown code reads as pending. */
export async function batchStatus(provider: Eip1193Provider, id: string): Promise<BatchStatus> {
  let answer: unknown
  try {
    answer = await provider.request({ method: 'wallet_getCallsStatus', params: [id] })
  } catch (error) {
    throw toWalletError(error, { method: 'wallet_getCallsStatus' })
  }
  const status = read(statusSchema, answer, 'wallet_getCallsStatus')
  // EIP-5792 groups codes by their hundred: 1xx pending, 2xx confirmed, 4xx/5xx/6xx failures.
  const state = states[Math.floor(status.status / 100) * 100] ?? 'pending'
  return {
    state,
    atomic: status.atomic,
    transactions: (status.receipts ?? []).map((r) => ({
      hash: r.transactionHash as Hash,
      success: BigInt(r.status) === 1n,
    })),
  }
}

/**
 * The batch's state once the wallet reports it settled, asked every `intervalMs`; still `pending`
 * after `tries` asks (the chain, not this answer, then tells what was paid).
 */
export async function settledBatch(
  provider: Eip1193Provider,
  id: string,
  { intervalMs = 1000, tries = 120 }: { intervalMs?: number; tries?: number } = {},
): Promise<BatchStatus> {
  for (let i = 1; ; i++) {
    const status = await batchStatus(provider, id)
    if (status.state !== 'pending' || i >= tries) return status
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

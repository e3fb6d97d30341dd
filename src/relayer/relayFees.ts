import type { PublicClient } from 'viem'

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/** A relayer below the cost of this many relays at the current fee is running low. */
export const LOW_BALANCE_RELAYS = 20n

const FEE_CACHE_MS = 1_000
const cache = new WeakMap<PublicClient, { at: number; fees: Promise<Fees> }>()

/**
 * The chain's current EIP-1559 fees, asked at most once a second per chain (every relay needs them);
 * `fresh` for a transaction that must be mined now whatever the last second did (a nonce's fill).
 */
export function currentFees(client: PublicClient, { fresh = false }: { fresh?: boolean } = {}): Promise<Fees> {
  const cached = cache.get(client)
  if (!fresh && cached && Date.now() - cached.at < FEE_CACHE_MS) return cached.fees
  const fees = client.estimateFeesPerGas({ type: 'eip1559', chain: client.chain }).then((f) => ({
    maxFeePerGas: f.maxFeePerGas,
    maxPriorityFeePerGas: f.maxPriorityFeePerGas,
  }))
  cache.set(client, { at: Date.now(), fees })
  fees.catch(() => cache.delete(client))
  return fees
}

/** A replacement must outbid the version it replaces by at least 10% on both fees (nodes refuse less). */
export function replacementFees(previous: Fees, now: Fees): Fees {
  const bump = (fee: bigint) => fee + (fee + 9n) / 10n + 1n
  const maxPriorityFeePerGas =
    now.maxPriorityFeePerGas > bump(previous.maxPriorityFeePerGas)
      ? now.maxPriorityFeePerGas
      : bump(previous.maxPriorityFeePerGas)
  const floor = bump(previous.maxFeePerGas)
  const maxFeePerGas = now.maxFeePerGas > floor ? now.maxFeePerGas : floor
  return {
    maxFeePerGas: maxFeePerGas > maxPriorityFeePerGas ? maxFeePerGas : maxPriorityFeePerGas,
    maxPriorityFeePerGas,
  }
}

/** The most a transaction may cost: its gas limit at its highest fee. */
export const worstCost = (gasLimit: bigint, fees: Fees) => gasLimit * fees.maxFeePerGas

/** The fees a transaction's latest version was signed with, as a relay row keeps them. */
export const feesOf = (row: { maxFeePerGas: string | null; maxPriorityFeePerGas: string | null }): Fees => ({
  maxFeePerGas: BigInt(row.maxFeePerGas!),
  maxPriorityFeePerGas: BigInt(row.maxPriorityFeePerGas!),
})

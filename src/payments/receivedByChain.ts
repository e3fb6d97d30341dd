import type { AcceptedChain } from '../domain/requestChains.ts'
import type { AssetTotal } from './repository/requestListing.ts'

/**
 * What a request's payments came to on each chain they arrived on, in its token at that chain's
 * address, in the order of the chains it accepts: the figures a payee brings to one chain from.
 */
export function receivedByChain(
  request: { symbol: string; decimals: number; chains: readonly AcceptedChain[] },
  paid: readonly { chainId: number; amount: string | bigint }[],
): AssetTotal[] {
  const totals = new Map<number, AssetTotal>()
  for (const payment of paid) {
    const total = totals.get(payment.chainId) ?? {
      chainId: payment.chainId,
      // A payment assigned by hand may be on a chain the request does not list: its token is the request's own.
      asset: (request.chains.find((c) => c.chainId === payment.chainId) ?? request.chains[0]!).asset,
      symbol: request.symbol,
      decimals: request.decimals,
      received: 0n,
      payments: 0,
    }
    totals.set(payment.chainId, {
      ...total,
      received: total.received + BigInt(payment.amount),
      payments: total.payments + 1,
    })
  }
  const order = (chainId: number) => {
    const i = request.chains.findIndex((c) => c.chainId === chainId)
    return i === -1 ? request.chains.length : i
  }
  return [...totals.values()].sort((a, b) => order(a.chainId) - order(b.chainId) || a.chainId - b.chainId)
}

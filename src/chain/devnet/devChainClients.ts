import { createPublicClient, http, type PublicClient } from 'viem'
import { devChain } from '../chains.ts'

/** The public clients of running dev chains, by chain id. */
export function devChainClients(
  nodes: readonly { rpcUrl: string; chainId: number }[],
): ReadonlyMap<number, PublicClient> {
  return new Map(
    nodes.map((n) => [
      n.chainId,
      createPublicClient({ chain: devChain(n.rpcUrl, n.chainId), transport: http(n.rpcUrl) }),
    ]),
  )
}

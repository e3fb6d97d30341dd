import { createClient, http, type Chain, type Client, type Transport } from 'viem'

/** A bare client: the pay page imports only the actions it calls (from viem/actions), not all of viem's. */
export type ChainClient = Client<Transport, Chain>

const clients = new Map<number, ChainClient>()

/** A read-only client for one of the app's chains, through the server's RPC proxy. */
export function publicClientFor(chains: readonly Chain[], chainId: number): ChainClient | undefined {
  const chain = chains.find((c) => c.id === chainId)
  if (!chain) return undefined
  if (!clients.has(chainId)) clients.set(chainId, createClient({ chain, transport: http() }))
  return clients.get(chainId)
}

import { createPublicClient, http, type Chain, type PublicClient } from 'viem'

// Apart from chains.ts: a public client brings viem's every read and verify action (and secp256k1)
// with it, which only the pages that read the chain should load.
const clients = new Map<number, PublicClient>()

/** A read-only client for one of the app's chains, through the server's RPC proxy. */
export function publicClientFor(chains: readonly Chain[], chainId: number): PublicClient | undefined {
  const chain = chains.find((c) => c.id === chainId)
  if (!chain) return undefined
  if (!clients.has(chainId)) clients.set(chainId, createPublicClient({ chain, transport: http() }) as PublicClient)
  return clients.get(chainId)
}

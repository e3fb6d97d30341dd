import { createPublicClient, defineChain, http, type Chain, type PublicClient } from 'viem'
import type { ClientChain } from '../domain/clientConfig.ts'

/** viem chains for the browser, each reaching its RPC through the server's same-origin proxy. */
export function browserChains(chains: readonly ClientChain[]): [Chain, ...Chain[]] {
  const list: Chain[] = chains.map((c) =>
    defineChain({
      id: c.id,
      name: c.name,
      nativeCurrency: { name: c.nativeSymbol, symbol: c.nativeSymbol, decimals: 18 },
      rpcUrls: { default: { http: [new URL(c.rpcPath, window.location.origin).href] } },
      blockExplorers: c.explorerUrl ? { default: { name: 'Explorer', url: c.explorerUrl } } : undefined,
    }),
  )
  if (list.length === 0) throw new Error('The server offered no chains: check RPC_URL and RPC_URL_<chainId>.')
  return list as [Chain, ...Chain[]]
}

const clients = new Map<number, PublicClient>()

/** A read-only client for one of the app's chains, through the server's RPC proxy. */
export function publicClientFor(chains: readonly Chain[], chainId: number): PublicClient | undefined {
  const chain = chains.find((c) => c.id === chainId)
  if (!chain) return undefined
  if (!clients.has(chainId)) clients.set(chainId, createPublicClient({ chain, transport: http() }) as PublicClient)
  return clients.get(chainId)
}

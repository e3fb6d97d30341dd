import { defineChain, type Chain } from 'viem'
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
      testnet: c.testnet,
    }),
  )
  if (list.length === 0) throw new Error('The server offered no chains: check RPC_URL and RPC_URL_<chainId>.')
  return list as [Chain, ...Chain[]]
}

import { defineChain, type Chain } from 'viem'
import { arbitrum, base, mainnet, optimism, polygon } from 'viem/chains'
import { NATIVE_ASSET, type Asset } from '../domain/paymentRequest.ts'
import { devTokens, publicTokens, type TokenProfile } from './tokens.ts'

export const DEV_CHAIN_ID = 31337
/**
 * The quick start's two other dev chains, local Anvils with the chain ids of Base Sepolia and
 * Arbitrum Sepolia: the two test networks of the public chains most payments here are on, which
 * wallets know by name; each id signs its own EIP-712 domain, as a real second chain would.
 */
export const EXTRA_DEV_CHAIN_IDS = [84532, 421614] as const
export const DEV_CHAIN_IDS: readonly number[] = [DEV_CHAIN_ID, ...EXTRA_DEV_CHAIN_IDS]
export const DEFAULT_DEV_RPC_URL = 'http://127.0.0.1:8545'

const devChainNames: Record<number, string> = {
  [DEV_CHAIN_ID]: 'Billfold dev chain',
  84532: 'Billfold dev chain (Base Sepolia id)',
  421614: 'Billfold dev chain (Arbitrum Sepolia id)',
}

/** A local Anvil chain `npm start` runs: the dev chain, or one of the two beside it. */
export function devChain(rpcUrl: string = DEFAULT_DEV_RPC_URL, id: number = DEV_CHAIN_ID): Chain {
  return defineChain({
    id,
    name: devChainNames[id] ?? `Billfold dev chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}

/** What Billfold knows of a chain: its public facts, its stablecoins, and how many blocks make a payment final. */
export type ChainProfile = {
  chain: Chain
  tokens: readonly TokenProfile[]
  confirmations: number
  /** How often the watcher asks for a new block. */
  pollingIntervalMs: number
}

export const chainProfiles: readonly ChainProfile[] = [
  ...DEV_CHAIN_IDS.map((id) => ({
    chain: devChain(DEFAULT_DEV_RPC_URL, id),
    tokens: devTokens,
    confirmations: 1,
    pollingIntervalMs: 200,
  })),
  {
    chain: mainnet,
    tokens: publicTokens[1]!,
    confirmations: 12,
    pollingIntervalMs: 4000,
  },
  {
    chain: base,
    tokens: publicTokens[8453]!,
    confirmations: 10,
    pollingIntervalMs: 1000,
  },
  {
    chain: arbitrum,
    tokens: publicTokens[42161]!,
    confirmations: 20,
    pollingIntervalMs: 1000,
  },
  {
    chain: optimism,
    tokens: publicTokens[10]!,
    confirmations: 10,
    pollingIntervalMs: 1000,
  },
  {
    chain: polygon,
    tokens: publicTokens[137]!,
    confirmations: 32,
    pollingIntervalMs: 1000,
  },
]

/** A chain's name for the books and the screens: Billfold's name for it, else "Chain <id>". */
export const chainNameOf = (chainId: number): string =>
  chainProfiles.find((p) => p.chain.id === chainId)?.chain.name ?? `Chain ${chainId}`

/** How many blocks make a payment on this chain final (one for a chain Billfold does not know). */
export const confirmationsOn = (chainId: number): number =>
  chainProfiles.find((p) => p.chain.id === chainId)?.confirmations ?? 1

/**
 * A chain this deployment accepts payments on, with the RPC endpoints the server reaches it through
 * (the first preferred, the others its failover), and the WebSocket endpoint its new heads are
 * pushed on, where it has one.
 */
export type ActiveChain = ChainProfile & { rpcUrls: readonly string[]; wsUrl?: string | undefined }

const isWebSocketUrl = (url: string) => /^wss?:\/\//i.test(url)

/**
 * The dev chain (when it has an RPC) and every public chain given an RPC_URL_<chainId> (one URL or
 * several, HTTP for calls and at most one WebSocket for heads), real networks first: the first is what a new request defaults to.
 */
export function activeChains(rpcUrls: Readonly<Record<number, string | readonly string[] | undefined>>): ActiveChain[] {
  const active = chainProfiles.flatMap((profile) => {
    const given = rpcUrls[profile.chain.id]
    const all = typeof given === 'string' ? [given] : (given ?? [])
    // Calls go over HTTP; a ws:// or wss:// URL among them carries the newHeads subscription.
    const urls = all.filter((url) => !isWebSocketUrl(url))
    if (urls.length === 0) return []
    const wsUrl = all.find(isWebSocketUrl)
    const chain = DEV_CHAIN_IDS.includes(profile.chain.id) ? devChain(urls[0], profile.chain.id) : profile.chain
    return [{ ...profile, chain, rpcUrls: urls, ...(wsUrl ? { wsUrl } : {}) }]
  })
  return [...active.filter((a) => !a.chain.testnet), ...active.filter((a) => a.chain.testnet)]
}

/** The assets requests can ask for on these chains: each chain's native coin and its stablecoins. */
export function assetsOf(chains: readonly ChainProfile[]): Asset[] {
  return chains.flatMap(({ chain, tokens }) => [
    {
      chainId: chain.id,
      address: NATIVE_ASSET,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
    },
    ...tokens.map((t) => ({ chainId: chain.id, address: t.address, symbol: t.symbol, decimals: t.decimals })),
  ])
}

import { defineChain, getAddress, type Address, type Chain } from 'viem'
import { arbitrum, base, mainnet, optimism, polygon } from 'viem/chains'
import { NATIVE_ASSET, type Asset } from '../domain/paymentRequest.ts'

export const DEV_CHAIN_ID = 31337
export const DEFAULT_DEV_RPC_URL = 'http://127.0.0.1:8545'
// Where the dev chain's test USDC is put on every start (see devnet/setUpDevChain.ts).
export const DEV_USDC_ADDRESS: Address = getAddress('0xb111f01db111f01db111f01db111f01db111f01d')

/** The local Anvil chain `npm start` runs. */
export function devChain(rpcUrl: string = DEFAULT_DEV_RPC_URL): Chain {
  return defineChain({
    id: DEV_CHAIN_ID,
    name: 'Billfold dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}

/** What Billfold knows of a chain: its public facts, its USDC, and how many blocks make a payment final. */
export type ChainProfile = {
  chain: Chain
  usdc: { address: Address; decimals: number }
  confirmations: number
  /** How often the watcher asks for a new block. */
  pollingIntervalMs: number
}

export const chainProfiles: readonly ChainProfile[] = [
  { chain: devChain(), usdc: { address: DEV_USDC_ADDRESS, decimals: 6 }, confirmations: 1, pollingIntervalMs: 200 },
  {
    chain: mainnet,
    usdc: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
    confirmations: 12,
    pollingIntervalMs: 4000,
  },
  {
    chain: base,
    usdc: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 },
    confirmations: 10,
    pollingIntervalMs: 1000,
  },
  {
    chain: arbitrum,
    usdc: { address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', decimals: 6 },
    confirmations: 20,
    pollingIntervalMs: 1000,
  },
  {
    chain: optimism,
    usdc: { address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', decimals: 6 },
    confirmations: 10,
    pollingIntervalMs: 1000,
  },
  {
    chain: polygon,
    usdc: { address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', decimals: 6 },
    confirmations: 32,
    pollingIntervalMs: 1000,
  },
]

/** A chain this deployment accepts payments on, with the RPC endpoints the server reaches it through (the first preferred, the others its failover). */
export type ActiveChain = ChainProfile & { rpcUrls: readonly string[] }

/**
 * The dev chain (when it has an RPC) and every public chain given an RPC_URL_<chainId> (one URL or
 * several), real networks first: the first is what a new request defaults to.
 */
export function activeChains(rpcUrls: Readonly<Record<number, string | readonly string[] | undefined>>): ActiveChain[] {
  const active = chainProfiles.flatMap((profile) => {
    const given = rpcUrls[profile.chain.id]
    const urls = typeof given === 'string' ? [given] : (given ?? [])
    if (urls.length === 0) return []
    const chain = profile.chain.id === DEV_CHAIN_ID ? devChain(urls[0]) : profile.chain
    return [{ ...profile, chain, rpcUrls: urls }]
  })
  return [...active.filter((a) => !a.chain.testnet), ...active.filter((a) => a.chain.testnet)]
}

/** The assets requests can ask for on these chains: each chain's native coin and its USDC. */
export function assetsOf(chains: readonly ChainProfile[]): Asset[] {
  return chains.flatMap(({ chain, usdc }) => [
    {
      chainId: chain.id,
      address: NATIVE_ASSET,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
    },
    { chainId: chain.id, address: usdc.address, symbol: 'USDC', decimals: usdc.decimals },
  ])
}

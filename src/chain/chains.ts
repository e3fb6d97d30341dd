import { defineChain, type Chain } from 'viem'
import { arbitrum, base, mainnet, optimism, polygon } from 'viem/chains'

export const DEV_CHAIN_ID = 31337
export const DEFAULT_DEV_RPC_URL = 'http://127.0.0.1:8545'

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

/** Public chains Billfold knows; only those given an RPC URL are active. */
export const publicChains: readonly Chain[] = [mainnet, base, arbitrum, optimism, polygon]

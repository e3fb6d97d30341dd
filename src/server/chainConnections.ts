import type { PublicClient } from 'viem'
import { createRpcProxy } from '../api/rpcProxy/rpcProxy.ts'
import { activeChains, assetsOf, DEV_CHAIN_ID, type ActiveChain } from '../chain/chains.ts'
import { createChainRpc, type ChainRpc } from '../chain/rpc/chainRpc.ts'
import type { ClientConfig } from '../domain/clientConfig.ts'
import type { RateLimiters } from '../http/sharedRateLimiter.ts'

export type ChainConnectionOptions = {
  /** The dev chain's RPC: its HTTP URL, and its WebSocket URL where it has one. */
  devRpcUrl?: string | readonly string[] | undefined
  chainRpcUrls?: Readonly<Record<number, string | readonly string[]>> | undefined
  rpcRateLimitPerMinute?: number | undefined
  trustProxy: boolean
  limiters: RateLimiters
}

/** The chains offered and how the server reaches each: its RPC (watcher, API) and the browser's relay. */
export function connectChains(options: ChainConnectionOptions) {
  const chains = activeChains({ ...options.chainRpcUrls, [DEV_CHAIN_ID]: options.devRpcUrl })
  if (chains.length === 0) throw new Error('startServer needs at least one chain: a devRpcUrl or chainRpcUrls')
  // Counted from when metrics exist on; the registry needs the database, which opens meanwhile.
  const failures: { count?: (chainId: number, kind: string) => void } = {}
  const rpcs = new Map<number, ChainRpc>(
    chains.map((active) => [
      active.chain.id,
      createChainRpc({
        chain: active.chain,
        urls: active.rpcUrls,
        onFailure: (kind) => failures.count?.(active.chain.id, kind),
      }),
    ]),
  )
  const relays = new Map(
    chains.map(({ chain, rpcUrls }) => [
      `/rpc/${chain.id}`,
      createRpcProxy({
        chainId: chain.id,
        urls: rpcUrls,
        perMinute: options.rpcRateLimitPerMinute ?? 600,
        trustProxy: options.trustProxy,
        limiters: options.limiters,
      }),
    ]),
  )
  return {
    chains,
    rpcs,
    clients: new Map<number, PublicClient>([...rpcs].map(([id, rpc]) => [id, rpc.client])),
    assets: assetsOf(chains),
    relays,
    /** Where RPC failures are counted, once metrics exist. */
    countRpcFailures(count: (chainId: number, kind: string) => void) {
      failures.count = count
    },
  }
}

export type ChainConnections = ReturnType<typeof connectChains>

/** What the browser is told at start: the chains (reached through this server's relay), WalletConnect, PUBLIC_URL. */
export function clientConfigOf(
  chains: readonly ActiveChain[],
  walletConnect: { projectId: string | undefined; relayUrl: string | undefined },
  publicUrl: string | undefined,
): ClientConfig {
  return {
    chains: chains.map(({ chain, confirmations }) => ({
      id: chain.id,
      name: chain.name,
      nativeSymbol: chain.nativeCurrency.symbol,
      confirmations,
      rpcPath: `/rpc/${chain.id}`,
      explorerUrl: chain.blockExplorers?.default.url ?? null,
      testnet: chain.testnet === true,
    })),
    walletConnectProjectId: walletConnect.projectId ?? null,
    walletConnectRelayUrl: walletConnect.relayUrl ?? null,
    publicUrl: publicUrl ?? null,
  }
}

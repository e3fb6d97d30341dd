import { createPublicClient, http, type PublicClient } from 'viem'
import type { ActiveChain } from './chains.ts'

/** The server's client of one chain; concurrent calls go out as JSON-RPC batches. */
export function chainClient({ chain, rpcUrl }: ActiveChain): PublicClient {
  return createPublicClient({ chain, transport: http(rpcUrl, { batch: true }) }) as PublicClient
}

import { createPublicClient, http, type Chain } from 'viem'
import { devChain } from '../chains.ts'

/** The dev chain an Anvil at `rpcUrl` runs, by the chain id it answers (the quick start runs three). */
export async function devChainAt(rpcUrl: string): Promise<Chain> {
  const id = await createPublicClient({ transport: http(rpcUrl) }).getChainId()
  return devChain(rpcUrl, id)
}

import { setUpDevChain } from '../src/chain/devnet/setUpDevChain.ts'
import { startAnvil, type AnvilNode } from '../src/chain/devnet/startAnvil.ts'
import { freePort } from './freePort.ts'

/** A dev chain of the test's own (for tests that mine, reorg or kill things), set up like `npm start`'s. */
export async function startTestChain(
  port: number,
  options: { blockTime?: number; extraArgs?: string[]; chainId?: number } = {},
): Promise<AnvilNode> {
  const anvil = await startAnvil({ port, ...options })
  await setUpDevChain(anvil.rpcUrl)
  return anvil
}

/** Dev chains of the test's own with these chain ids, each on a free port, set up like `npm start`'s. */
export const startTestChains = (chainIds: readonly number[]): Promise<AnvilNode[]> =>
  Promise.all(chainIds.map(async (chainId) => startTestChain(await freePort(), { chainId })))

import { setUpDevChain } from '../src/chain/devnet/setUpDevChain.ts'
import { startAnvil, type AnvilNode } from '../src/chain/devnet/startAnvil.ts'

/** A dev chain of the test's own (for tests that mine, reorg or kill things), set up like `npm start`'s. */
export async function startTestChain(
  port: number,
  options: { blockTime?: number; extraArgs?: string[] } = {},
): Promise<AnvilNode> {
  const anvil = await startAnvil({ port, ...options })
  await setUpDevChain(anvil.rpcUrl)
  return anvil
}

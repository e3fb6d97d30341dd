import { startFaultyRpc, type FaultyRpc } from './faultyRpc.ts'
import { startTestChain } from './testChain.ts'
import type { AnvilNode } from '../src/chain/devnet/startAnvil.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'

export type GethLikeNode = {
  anvil: AnvilNode
  /** The node's URL as the app sees it: simulations on the latest mined block, as geth runs them. */
  rpc: FaultyRpc
  /** Mines one block of what waits in the pool. */
  mine(): Promise<void>
  /** Runs `steps` with every transaction mined at once (setting up balances), then stops mining again. */
  mining<T>(steps: () => Promise<T>): Promise<T>
  stop(): Promise<void>
}

/**
 * A dev chain that behaves like a geth node on a live network: transactions sent wait in the pool
 * until a block is mined (here, when the test mines one), and `eth_call`/`eth_estimateGas` see only
 * the latest mined block, so a simulation knows nothing of the transactions before it in the pool.
 */
export async function startGethLikeNode(port: number): Promise<GethLikeNode> {
  const anvil = await startTestChain(port)
  const rpc = await startFaultyRpc(anvil.rpcUrl, { simulateOnLatest: true })
  const { testClient } = chainClients(anvil.rpcUrl)
  await testClient.setAutomine(false)
  return {
    anvil,
    rpc,
    mine: () => testClient.mine({ blocks: 1 }),
    async mining(steps) {
      await testClient.setAutomine(true)
      try {
        return await steps()
      } finally {
        await testClient.setAutomine(false)
      }
    },
    async stop() {
      await rpc.close()
      await anvil.stop()
    },
  }
}

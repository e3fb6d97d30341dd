import { afterAll, beforeAll, expect, it } from 'vitest'
import { PERMIT2_ADDRESS, permit2Abi } from '../../domain/permit2/permit2.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { freePort } from '../../../testing/freePort.ts'
import { devAccounts } from './setUpDevChain.ts'
import { setUpPermit2 } from './setUpPermit2.ts'
import { startAnvil, type AnvilNode } from './startAnvil.ts'
import { testUsdcRuntimeBytecode } from './testUsdcArtifact.ts'

let anvil: AnvilNode
beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() })
}, 60_000)
afterAll(() => anvil?.stop())

it('puts Permit2 at its canonical address once, answering as Permit2, and refuses other code found there', async () => {
  await setUpPermit2(anvil.rpcUrl)
  await setUpPermit2(anvil.rpcUrl)
  const { publicClient, testClient } = chainClients(anvil.rpcUrl)
  const owner = devAccounts[1]!
  expect(
    await publicClient.readContract({
      address: PERMIT2_ADDRESS,
      abi: permit2Abi,
      functionName: 'allowance',
      args: [owner, owner, owner],
    }),
  ).toEqual([0n, 0, 0])
  await testClient.setCode({ address: PERMIT2_ADDRESS, bytecode: testUsdcRuntimeBytecode })
  await expect(setUpPermit2(anvil.rpcUrl)).rejects.toThrow(/Permit2 at .* is not the published code/)
})

import { afterAll, beforeAll, expect, it } from 'vitest'
import { frameworkContracts } from '../../domain/periodicPermission/framework.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { freePort } from '../../../testing/freePort.ts'
import { setUpDelegationFramework } from './setUpDelegationFramework.ts'
import { startAnvil, type AnvilNode } from './startAnvil.ts'
import { testUsdcRuntimeBytecode } from './testUsdcArtifact.ts'

let anvil: AnvilNode
beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() })
}, 60_000)
afterAll(() => anvil?.stop())

it('puts every framework contract at its canonical address once, and refuses other code found at one', async () => {
  await setUpDelegationFramework(anvil.rpcUrl)
  await setUpDelegationFramework(anvil.rpcUrl)
  const { publicClient, testClient } = chainClients(anvil.rpcUrl)
  for (const address of Object.values(frameworkContracts))
    expect((await publicClient.getCode({ address }))?.length).toBeGreaterThan(2)
  await testClient.setCode({ address: frameworkContracts.TimestampEnforcer, bytecode: testUsdcRuntimeBytecode })
  await expect(setUpDelegationFramework(anvil.rpcUrl)).rejects.toThrow(/TimestampEnforcer .* is not the published code/)
})

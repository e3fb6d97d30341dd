import { hashDomain } from 'viem'
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

it("gives Permit2 the EIP-712 domain of the canonical address on this chain, which a wallet's signature is made for", async () => {
  await setUpPermit2(anvil.rpcUrl)
  const { publicClient } = chainClients(anvil.rpcUrl)
  const domainSeparator = await publicClient.readContract({
    address: PERMIT2_ADDRESS,
    abi: [
      {
        type: 'function',
        name: 'DOMAIN_SEPARATOR',
        stateMutability: 'view',
        inputs: [],
        outputs: [{ type: 'bytes32' }],
      },
    ],
    functionName: 'DOMAIN_SEPARATOR',
  })
  expect(domainSeparator).toBe(
    hashDomain({
      domain: { name: 'Permit2', chainId: 31337n, verifyingContract: PERMIT2_ADDRESS },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
      },
    }),
  )
})

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

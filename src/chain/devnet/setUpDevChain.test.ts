import { readFileSync } from 'node:fs'
import { createPublicClient, createTestClient, http } from 'viem'
import { expect, inject, it } from 'vitest'
import { artifactUrl, contractBuilds, renderArtifact } from '../../../scripts/compileContracts.ts'
import { devChain } from '../chains.ts'
import { freePort } from '../../../testing/freePort.ts'
import { devAccounts, setUpDevChain, TEST_USDC_ADDRESS } from './setUpDevChain.ts'
import { startAnvil } from './startAnvil.ts'
import { testUsdcAbi, testUsdcRuntimeBytecode } from './testUsdcArtifact.ts'
import { testUsdtRuntimeBytecode } from './testUsdtArtifact.ts'

it.each(contractBuilds.map((build) => [build.contract ?? build.source, build] as const))(
  'the checked-in artifact is what %s compiles to (npm run contracts)',
  (_, build) => {
    expect(readFileSync(artifactUrl(build), 'utf8')).toBe(renderArtifact(build))
  },
)

it('the dev chain has the test USDC at its fixed address, 6 decimals, a million for each dev account, once', async () => {
  const rpcUrl = inject('anvilUrl')
  const client = createPublicClient({ chain: devChain(rpcUrl), transport: http(rpcUrl) })
  await setUpDevChain(rpcUrl) // a second time: the global setup ran it already
  const read = (functionName: 'decimals' | 'symbol') =>
    client.readContract({ address: TEST_USDC_ADDRESS, abi: testUsdcAbi, functionName })
  expect(await read('decimals')).toBe(6)
  expect(await read('symbol')).toBe('USDC')
  for (const account of [devAccounts[0]!, devAccounts[9]!]) {
    const balance = await client.readContract({
      address: TEST_USDC_ADDRESS,
      abi: testUsdcAbi,
      functionName: 'balanceOf',
      args: [account],
    })
    expect(balance).toBeGreaterThanOrEqual(1_000_000n * 10n ** 6n)
  }
})

it('sets up a dev chain of another chain id the same way (the quick start’s Base Sepolia and Arbitrum Sepolia ids)', async () => {
  const anvil = await startAnvil({ port: await freePort(), chainId: 84532 })
  try {
    await setUpDevChain(anvil.rpcUrl)
    const client = createPublicClient({ chain: devChain(anvil.rpcUrl, 84532), transport: http(anvil.rpcUrl) })
    expect(await client.getChainId()).toBe(84532)
    const balance = await client.readContract({
      address: TEST_USDC_ADDRESS,
      abi: testUsdcAbi,
      functionName: 'balanceOf',
      args: [devAccounts[9]!],
    })
    expect(balance).toBe(1_000_000n * 10n ** 6n)
  } finally {
    await anvil.stop()
  }
}, 60_000)

it("brings a dev chain kept from an older version up to date: the tokens' new code over the balances they had", async () => {
  const anvil = await startAnvil({ port: await freePort() })
  try {
    await setUpDevChain(anvil.rpcUrl)
    const transport = http(anvil.rpcUrl)
    const client = createPublicClient({ chain: devChain(anvil.rpcUrl), transport })
    // USDC as an older dev chain had it: code without `burn` (here USDT's, which has none).
    await createTestClient({ mode: 'anvil', transport }).setCode({
      address: TEST_USDC_ADDRESS,
      bytecode: testUsdtRuntimeBytecode,
    })
    await setUpDevChain(anvil.rpcUrl)
    expect(await client.getCode({ address: TEST_USDC_ADDRESS })).toBe(testUsdcRuntimeBytecode)
    const balance = await client.readContract({
      address: TEST_USDC_ADDRESS,
      abi: testUsdcAbi,
      functionName: 'balanceOf',
      args: [devAccounts[9]!],
    })
    expect(balance).toBe(1_000_000n * 10n ** 6n)
  } finally {
    await anvil.stop()
  }
}, 60_000)

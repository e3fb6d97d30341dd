import { createClient, createWalletClient, erc20Abi, http, maxUint256, parseGwei, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { devWalletProvider } from '../../../../testing/devWalletProvider.ts'
import { devChain } from '../../../chain/chains.ts'
import { devAccounts } from '../../../chain/devnet/setUpDevChain.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { requestsBatch } from '../../../payments/batch/requestsBatch.ts'
import { sendBatch, settledBatch } from '../../../wallet/batchCalls.ts'
import { chainClients } from '../../../watcher/testing/payments.ts'
import { useWatcherHarness } from '../../../watcher/testing/watcherHarness.ts'
import { whyNonePaid } from './whyNonePaid.ts'

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 })
const { env, catchUp, newRequest, statusOf } = useWatcherHarness(8631)
const PAYER = 4
const payees = devAccounts.slice(5, 8) as Address[]
const mnemonic = 'test test test test test test test test test test test junk'

async function openRequests(amounts: readonly bigint[]) {
  const requests = []
  for (const [i, amount] of amounts.entries()) {
    const payee = payees[i % payees.length]!
    const { id, reference } = await newRequest({ amount, payee })
    requests.push({ id, reference, payee, asset: DEV_USDC_ADDRESS, chainId: 31337, due: amount })
  }
  return requests
}

describe('an atomic batch the chain reverts', () => {
  it('pays none of its requests, the wallet reports it reverted, and the payer is told their balance fell short of the total', async () => {
    const provider = devWalletProvider(env.anvil.rpcUrl, { index: PAYER, atomic: true })
    const chain = devChain(env.anvil.rpcUrl)
    const { testClient, publicClient } = chainClients(env.anvil.rpcUrl)
    // The account carries its EIP-7702 delegation already: a first batch upgrades it.
    const [first] = await openRequests([1_000_000n])
    const upgrade = await sendBatch(provider, {
      from: provider.address,
      ...requestsBatch([first!]),
      support: 'supported',
    })
    expect(upgrade.kind === 'calls' && (await settledBatch(provider, upgrade.id, { intervalMs: 50 })).state).toBe(
      'confirmed',
    )
    // Someone the payer once allowed to move their USDC takes all of it in the block the batch lands in, ahead of it.
    const payer = createWalletClient({
      chain,
      transport: http(env.anvil.rpcUrl),
      account: mnemonicToAccount(mnemonic, { addressIndex: PAYER }),
    })
    const taker = createWalletClient({
      chain,
      transport: http(env.anvil.rpcUrl),
      account: mnemonicToAccount(mnemonic, { addressIndex: 9 }),
    })
    await publicClient.waitForTransactionReceipt({
      hash: await payer.writeContract({
        address: DEV_USDC_ADDRESS,
        abi: erc20Abi,
        functionName: 'approve',
        args: [taker.account.address, maxUint256],
      }),
    })
    const requests = await openRequests([1_100_000n, 2_200_000n, 3_300_000n])
    await testClient.setAutomine(false)
    try {
      const sent = await sendBatch(provider, { from: provider.address, ...requestsBatch(requests), support: 'ready' })
      const held = await publicClient.readContract({
        address: DEV_USDC_ADDRESS,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [provider.address],
      })
      await taker.writeContract({
        address: DEV_USDC_ADDRESS,
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [provider.address, taker.account.address, held],
        // Its own gas and nonce: an estimate would see the pending batch and refuse the transfer.
        gas: 100_000n,
        nonce: await publicClient.getTransactionCount({ address: taker.account.address }),
        maxPriorityFeePerGas: parseGwei('100'),
        maxFeePerGas: parseGwei('200'),
      })
      await testClient.mine({ blocks: 1 })
      await testClient.setAutomine(true)

      expect(sent.kind).toBe('calls')
      const status = await settledBatch(provider, sent.kind === 'calls' ? sent.id : '', { intervalMs: 50 })
      expect(status).toMatchObject({ state: 'reverted', atomic: true })
      expect(status.transactions).toEqual([{ hash: expect.any(String), success: false }])
    } finally {
      await testClient.setAutomine(true)
    }
    const client = createClient({ chain, transport: http(env.anvil.rpcUrl) })
    const lines = requests.map((r) => ({ asset: r.asset, symbol: 'USDC', decimals: 6, due: r.due }))
    expect(await whyNonePaid(client, provider.address, lines)).toEqual({
      why: 'balance',
      symbol: 'USDC',
      decimals: 6,
      balance: 0n,
      total: 6_600_000n,
    })
    await catchUp()
    for (const request of requests) expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
  })

  it('says a payment failed, not the balance, when the balance covers the total', async () => {
    const client = createClient({ chain: devChain(env.anvil.rpcUrl), transport: http(env.anvil.rpcUrl) })
    const lines = [{ asset: DEV_USDC_ADDRESS, symbol: 'USDC', decimals: 6, due: 1_000_000n }]
    expect(await whyNonePaid(client, devAccounts[2]!, lines)).toEqual({ why: 'reverted' })
  })
})

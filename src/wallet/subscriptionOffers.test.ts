import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AnvilNode } from '../chain/devnet/startAnvil.ts'
import { setUpPermit2 } from '../chain/devnet/setUpPermit2.ts'
import { PERMIT2_ADDRESS } from '../domain/permit2/permit2.ts'
import { chainClients } from '../watcher/testing/payments.ts'
import { devWalletProvider } from '../../testing/deleGatorPayer.ts'
import { freePort } from '../../testing/freePort.ts'
import { startTestChain } from '../../testing/testChain.ts'
import { readSubscriptionOffers } from './subscriptionOffers.ts'

let anvil: AnvilNode
beforeAll(async () => {
  anvil = await startTestChain(await freePort())
}, 60_000)
afterAll(() => anvil?.stop())

const offersOf = (permissions: boolean) => {
  const provider = devWalletProvider(anvil.rpcUrl, 1, { permissions })
  return readSubscriptionOffers(provider, chainClients(anvil.rpcUrl).publicClient, {
    chainId: 31337,
    account: provider.address,
  })
}

it('offers an ERC-7715 periodic permission first to a wallet that grants one, then Permit2', async () => {
  expect((await offersOf(true)).mechanisms).toEqual(['erc7715', 'permit2'])
})

it('offers Permit2 alone to a wallet without ERC-7715', async () => {
  expect((await offersOf(false)).mechanisms).toEqual(['permit2'])
})

it('offers nothing on a chain without Permit2 to a wallet without ERC-7715: each period is paid by hand', async () => {
  const { testClient } = chainClients(anvil.rpcUrl)
  await testClient.setCode({ address: PERMIT2_ADDRESS, bytecode: '0x' })
  try {
    expect((await offersOf(false)).mechanisms).toEqual([])
    expect((await offersOf(true)).mechanisms).toEqual(['erc7715'])
  } finally {
    await setUpPermit2(anvil.rpcUrl)
  }
})

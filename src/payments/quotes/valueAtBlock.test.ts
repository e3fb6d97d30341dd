import { createPublicClient, createWalletClient, http, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../../testing/faultyRpc.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { devChain } from '../../chain/chains.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { testPriceFeedAbi } from '../../chain/devnet/testPriceFeedArtifact.ts'
import { DEV_PRICE_FEEDS } from '../../chain/priceFeeds.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { valueAtBlock } from './valueAtBlock.ts'

const EUR = fiatCurrency('EUR')!
const USDC: Asset = { chainId: 31337, address: DEV_USDC_ADDRESS, symbol: 'USDC', decimals: 6 }
const eurFeed = DEV_PRICE_FEEDS.feeds.find((f) => f.base === 'EUR')!.address

let anvil: AnvilNode
let noHistory: FaultyRpc
beforeAll(async () => {
  anvil = await startTestChain(8596)
  noHistory = await startFaultyRpc(anvil.rpcUrl, { noHistory: true })
})
afterAll(async () => {
  await noHistory.close()
  await anvil.stop()
})

const clientOf = (url: string) => createPublicClient({ chain: devChain(url), transport: http(url) }) as PublicClient

describe('valueAtBlock', () => {
  it('values a payment at its own block’s rates, and says so; a node without history gives the newest, marked', async () => {
    const client = clientOf(anvil.rpcUrl)
    const paidAt = await client.getBlockNumber()
    const value = (url: string, blockNumber: bigint) =>
      valueAtBlock({
        client: clientOf(url),
        chainFeeds: DEV_PRICE_FEEDS,
        chain: devChain(url),
        asset: USDC,
        amount: 1000_000000n,
        currency: EUR,
        blockNumber,
      })
    // 1,000 USDC at EUR/USD 1.0752: 930.0595… EUR, rounded down to the cent.
    expect(await value(anvil.rpcUrl, paidAt)).toMatchObject({ value: 93005n, atBlock: true })

    const wallet = createWalletClient({
      chain: devChain(anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
      account: devAccounts[0]!,
    })
    const hash = await wallet.writeContract({
      address: eurFeed,
      abi: testPriceFeedAbi,
      functionName: 'updateAnswer',
      args: [1_10000000n],
    })
    const { blockNumber: movedAt } = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })

    const then = await value(anvil.rpcUrl, paidAt)
    expect(then).toMatchObject({ value: 93005n, atBlock: true })
    expect(then.currencyUsd!.answer).toBe(1_07520000n)
    expect(await value(anvil.rpcUrl, movedAt)).toMatchObject({ value: 90909n, atBlock: true })

    const fallback = await value(noHistory.url, paidAt)
    expect(fallback).toMatchObject({ value: 90909n, atBlock: false })
    expect(fallback.currencyUsd!.roundId).toBe(then.currencyUsd!.roundId + 1n)
  })
})

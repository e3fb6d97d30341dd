import { encodeEventTopics, erc20Abi, hexToBytes, pad, type Hex } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../tokens.ts'
import { devAccounts } from '../devnet/setUpDevChain.ts'
import { chainClients, pay } from '../../watcher/testing/payments.ts'
import { bloomBits, bloomMayContain } from './logsBloom.ts'

const anvilUrl = inject('anvilUrl')

describe('the logs bloom of a real block', () => {
  it('admits the token, the Transfer topic and the payee of a transfer in the block, and rules out an address that is not there', async () => {
    const payee = devAccounts[8]!
    const hash = await pay(anvilUrl, { from: 1, to: payee, amount: 1n })
    const { publicClient } = chainClients(anvilUrl)
    const receipt = await publicClient.getTransactionReceipt({ hash })
    const block = await publicClient.getBlock({ blockHash: receipt.blockHash })
    const bloom = hexToBytes(block.logsBloom!)
    const [transferTopic] = encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer' })
    for (const value of [DEV_USDC_ADDRESS, transferTopic, pad(payee.toLowerCase() as Hex)])
      expect(bloomMayContain(bloom, bloomBits(value as Hex))).toBe(true)
    // An empty bloom (a block without logs) rules everything out.
    expect(bloomMayContain(new Uint8Array(256), bloomBits(DEV_USDC_ADDRESS))).toBe(false)
  })
})

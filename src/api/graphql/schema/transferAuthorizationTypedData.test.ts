import type { Hex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { graphql } from '../../testing/graphqlClient.ts'
import { createRequest } from '../../testing/paymentRequestInput.ts'
import { devAccounts } from '../../../chain/devnet/setUpDevChain.ts'
import { testUsdcAbi } from '../../../chain/devnet/testUsdcArtifact.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { chainClients } from '../../../watcher/testing/payments.ts'
import { payGasless, statusOf, useGaslessApp } from '../../../relayer/testing/gasless.ts'

// A chain and an app of the file's own, started on a machine that may be busy.
vi.setConfig({ hookTimeout: 60_000 })
const env = useGaslessApp()

const COMPLETE = `query($requestId: String!, $payer: String!) {
  transferAuthorization(requestId: $requestId, payer: $payer) {
    domain { name version chainId verifyingContract }
    types { EIP712Domain { name type } TransferWithAuthorization { name type } }
    primaryType
    message { from to value validAfter validBefore nonce }
  }
}`

describe('the typed data a payer signs to pay without gas', () => {
  it('is complete: its JSON, as answered, is signed by a wallet’s eth_signTypedData_v4 and the relayer sends the payment', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '12.34' })
    // A dev account the node itself holds the key of, so the node's own wallet method signs.
    const payer = devAccounts[6]!
    const { walletOf, publicClient } = chainClients(env.anvil.rpcUrl)
    await publicClient.waitForTransactionReceipt({
      hash: await walletOf(9).writeContract({
        address: DEV_USDC_ADDRESS,
        abi: testUsdcAbi,
        functionName: 'mint',
        args: [payer, 12_340_000n],
      }),
      pollingInterval: 20,
    })
    const answer = await graphql<{ transferAuthorization: { message: Record<string, string> } }>(
      env.app.url,
      COMPLETE,
      { variables: { requestId: request.id, payer } },
    )
    expect(answer.errors).toBeUndefined()
    const typedData = JSON.stringify(answer.data!.transferAuthorization)
    const signature = await publicClient.request({
      method: 'eth_signTypedData_v4' as never,
      params: [payer, typedData] as never,
    })
    const relayed = await payGasless(
      env.app.url,
      request.id,
      answer.data!.transferAuthorization.message as never,
      signature as Hex,
    )
    expect(relayed.errors).toBeUndefined()
    expect(relayed.data!.payWithAuthorization.state).toBe('sent')
    await expect.poll(async () => (await statusOf(env.app.url, request.id)).status, { timeout: 15_000 }).toBe('paid')
  })
})

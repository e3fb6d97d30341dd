import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http'
import type { PaymentRequired, PaymentRequirements } from '@x402/core/types'
import { ExactEvmScheme } from '@x402/evm/exact/client'
import { describe, expect, it } from 'vitest'
import { DEV_EURC_ADDRESS, DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { payerWithoutGas, statusOf, useGaslessApp } from '../../relayer/testing/gasless.ts'
import { createRequest } from '../testing/paymentRequestInput.ts'
import { DEV_NETWORK, runExample } from './testing/x402Setup.ts'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const env = useGaslessApp()

const resourceUrl = (id: string) => `${env.app.url}/x402/payment-requests/${id}`
async function paymentRequiredOf(id: string) {
  const answer = await fetch(resourceUrl(id))
  expect(answer.status).toBe(402)
  return decodePaymentRequiredHeader(answer.headers.get('payment-required')!)
}

describe('a payment request is an x402 resource', () => {
  it('answers 402 with what is due: exact, CAIP-2 network, token, base units, payTo, the EIP-712 domain, the memo', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, {
      amount: '3.25',
      memo: 'Translation, 2 pages',
    })
    const required = await paymentRequiredOf(request.id)
    expect(required.x402Version).toBe(2)
    expect(required.resource).toMatchObject({ url: resourceUrl(request.id), description: 'Translation, 2 pages' })
    expect(required.accepts).toEqual([
      {
        scheme: 'exact',
        network: DEV_NETWORK,
        asset: DEV_USDC_ADDRESS,
        amount: '3250000',
        payTo: env.payee.account.address,
        maxTimeoutSeconds: 300,
        extra: { name: 'USD Coin', version: '2' },
      },
    ])
  })

  it('the agent example (the x402 fetch client) pays it without gas and gets the receipt; paid, it answers the receipt to anyone', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '7.5' })
    const payerKey = generatePrivateKey()
    const payer = privateKeyToAccount(payerKey)
    const { walletOf, publicClient } = chainClients(env.anvil.rpcUrl)
    await publicClient.waitForTransactionReceipt({
      hash: await walletOf(9).writeContract({
        address: DEV_USDC_ADDRESS,
        abi: (await import('../../chain/devnet/testUsdcArtifact.ts')).testUsdcAbi,
        functionName: 'mint',
        args: [payer.address, 10_000_000n],
      }),
      pollingInterval: 20,
    })
    const agent = runExample(
      'agent/pay.mjs',
      { PAYER_KEY: payerKey, ALLOWED_ASSET: `${DEV_NETWORK}:${DEV_USDC_ADDRESS}`, MAX_UNITS: '10000000' },
      [resourceUrl(request.id)],
    )
    const printed = JSON.parse(await agent.output()) as {
      status: number
      body: { request: { id: string }; settlement: { transaction: string } }
      settlement: { success: boolean; payer: string; network: string; transaction: string }
    }
    expect(printed.status).toBe(200)
    expect(printed.body.request.id).toBe(request.id)
    expect(printed.settlement).toMatchObject({ success: true, payer: payer.address, network: DEV_NETWORK })
    await expect.poll(async () => (await statusOf(env.app.url, request.id)).status, { timeout: 15_000 }).toBe('paid')
    expect(await publicClient.getBalance({ address: payer.address })).toBe(0n)
    const again = await fetch(resourceUrl(request.id))
    expect(again.status).toBe(200)
    expect(((await again.json()) as { request: { status: string } }).request.status).toBe('paid')
  })

  it('refuses, with the x402 error code, an authorization for 1 unit less, another token, another chain or another payTo', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '2' })
    const payer = await payerWithoutGas(env.anvil.rpcUrl, DEV_USDC_ADDRESS, 5_000_000n)
    const stranger = privateKeyToAccount(generatePrivateKey())
    const required = (await paymentRequiredOf(request.id)).accepts[0]!
    const tries: [string, Partial<PaymentRequirements>, string][] = [
      ['1 unit less', { amount: '1999999' }, 'invalid_exact_evm_payload_authorization_value_mismatch'],
      [
        'another token',
        { asset: DEV_EURC_ADDRESS, extra: { name: 'EURC', version: '2' } },
        'invalid_payment_requirements',
      ],
      ['another chain', { network: 'eip155:8453' }, 'invalid_exact_evm_network_mismatch'],
      ['another payTo', { payTo: stranger.address }, 'invalid_exact_evm_recipient_mismatch'],
    ]
    const scheme = new ExactEvmScheme(payer)
    for (const [name, change, reason] of tries) {
      const accepted = { ...required, ...change }
      const signed = await scheme.createPaymentPayload(2, accepted)
      // Once as the client says (its `accepted`), once claiming the real requirements over the same signed payload.
      for (const claimed of [accepted, required]) {
        const header = encodePaymentSignatureHeader({ x402Version: 2, accepted: claimed, payload: signed.payload })
        const answer = await fetch(resourceUrl(request.id), { headers: { 'payment-signature': header } })
        expect(answer.status, name).toBe(402)
        const why = decodePaymentRequiredHeader(answer.headers.get('payment-required')!) as PaymentRequired
        if (claimed === accepted) expect(why.error, name).toBe(reason)
        else
          expect(why.error, `${name} behind the real requirements`).toMatch(
            /^invalid_exact_evm_|^invalid_payment_requirements$/,
          )
      }
    }
    expect((await statusOf(env.app.url, request.id)).status).toBe('open')
  })

  it('answers a PAYMENT-SIGNATURE that is not a payment payload with a 402 saying so, and keeps answering', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '1' })
    for (const header of [
      '%%%not base64',
      Buffer.from('{}').toString('base64'),
      Buffer.from('null').toString('base64'),
    ]) {
      const answer = await fetch(resourceUrl(request.id), { headers: { 'payment-signature': header } })
      expect(answer.status, header).toBe(402)
      expect(decodePaymentRequiredHeader(answer.headers.get('payment-required')!).error, header).toBe('invalid_payload')
    }
    expect((await fetch(resourceUrl(request.id))).status).toBe(402)
  })

  it('says why a cancelled request cannot be paid, and that a token without ERC-3009 cannot be paid this way', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '1' })
    await fetch(`${env.app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: env.payee.cookie },
      body: JSON.stringify({ query: `mutation { cancelPaymentRequest(id: "${request.id}") { id } }` }),
    })
    const cancelled = await fetch(resourceUrl(request.id))
    expect([cancelled.status, ((await cancelled.json()) as { error: { code: string } }).error.code]).toEqual([
      410,
      'REQUEST_CANCELLED',
    ])
    const missing = await fetch(resourceUrl('nonexistent0000x'))
    expect(missing.status).toBe(404)
  })
})

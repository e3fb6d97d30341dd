import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http'
import { ExactEvmScheme } from '@x402/evm/exact/client'
import { wrapFetchWithPayment } from '@x402/fetch'
import { describe, expect, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { payerWithoutGas, statusOf, useGaslessApp } from '../../relayer/testing/gasless.ts'
import { graphql } from '../testing/graphqlClient.ts'
import { createPaymentLink } from '../testing/merchantClient.ts'
import { x402ClientFor } from './testing/x402Setup.ts'

const env = useGaslessApp()

const link = async (terms: Record<string, unknown>) =>
  (
    await createPaymentLink(env.app.url, env.payee.cookie, env.payee.account, {
      title: 'Coffee',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      memo: 'Thanks!',
      ...terms,
    })
  ).id!

const requestsOfPayee = async () =>
  (
    await graphql<{ myPaymentRequests: { items: { id: string; status: string }[] } }>(
      env.app.url,
      'query { myPaymentRequests(first: 50) { items { id status } } }',
      { cookie: env.payee.cookie },
    )
  ).data!.myPaymentRequests.items

describe('a payment link is an x402 resource', () => {
  it('the x402 fetch client pays a fixed link and a chosen amount; each payment is a fresh request of the link, paid', async () => {
    const fixed = await link({ amount: '4.20' })
    const ranged = await link({ minAmount: '1', maxAmount: '50', memo: '' })
    const payer = await payerWithoutGas(env.anvil.rpcUrl, DEV_USDC_ADDRESS, 20_000_000n)
    const paying = wrapFetchWithPayment(fetch, x402ClientFor(payer))
    for (const [path, amount] of [
      [`/x402/l/${fixed}`, '4200000'],
      [`/x402/l/${ranged}?amount=12.5`, '12500000'],
    ] as const) {
      const answer = await paying(`${env.app.url}${path}`)
      expect(answer.status, path).toBe(200)
      const body = (await answer.json()) as {
        request: { id: string; amount: string; memo: string; metadata: { paymentLinkId: string } }
      }
      expect(body.request.amount).toBe(amount)
      // A link without a memo names its requests by its title.
      expect(body.request.memo).toBe(path.startsWith(`/x402/l/${fixed}`) ? 'Thanks!' : 'Coffee')
      expect(decodePaymentResponseHeader(answer.headers.get('payment-response')!)).toMatchObject({ success: true })
      await expect
        .poll(async () => (await statusOf(env.app.url, body.request.id)).status, { timeout: 15_000 })
        .toBe('paid')
    }
    const missing = await fetch(`${env.app.url}/x402/l/${ranged}`)
    expect([missing.status, ((await missing.json()) as { error: { field: string } }).error.field]).toEqual([
      400,
      'amount',
    ])
  })

  it('refuses an authorization valid for longer than maxTimeoutSeconds, and makes no request', async () => {
    const id = await link({ amount: '1' })
    const payer = await payerWithoutGas(env.anvil.rpcUrl, DEV_USDC_ADDRESS, 1_000_000n)
    const quoted = decodePaymentRequiredHeader(
      (await fetch(`${env.app.url}/x402/l/${id}`)).headers.get('payment-required')!,
    )
    const required = quoted.accepts[0]!
    const before = await requestsOfPayee()
    // The real client signs a window of maxTimeoutSeconds; this one asks for an hour.
    const signed = await new ExactEvmScheme(payer).createPaymentPayload(2, { ...required, maxTimeoutSeconds: 3600 })
    const answer = await fetch(`${env.app.url}/x402/l/${id}`, {
      headers: {
        'payment-signature': encodePaymentSignatureHeader({
          x402Version: 2,
          accepted: required,
          payload: signed.payload,
        }),
      },
    })
    expect(answer.status).toBe(402)
    expect(decodePaymentRequiredHeader(answer.headers.get('payment-required')!).error).toBe(
      'invalid_exact_evm_payload_authorization_valid_before',
    )
    expect(await requestsOfPayee()).toEqual(before)
  })
})

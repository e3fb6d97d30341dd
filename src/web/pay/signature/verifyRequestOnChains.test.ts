import { createClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { alice } from '../../../api/testing/graphqlClient.ts'
import { devChain } from '../../../chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { newPaymentReference } from '../../../domain/paymentReference.ts'
import { requestTermsTypedData, type AcceptedChain } from '../../../domain/requestChains.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { verifyRequestSignature } from './verifyRequestSignature.ts'

// A node that answers nothing: an ordinary account's signature verifies offline.
const offline = () => createClient({ chain: devChain(), transport: http('http://127.0.0.1:9/', { retryCount: 0 }) })
const onThree: AcceptedChain[] = [31337, 84532, 421614].map((chainId) => ({ chainId, asset: DEV_USDC_ADDRESS }))

/** A request of 12.5 USDC that alice signed over `signed`, as the API serves it with `served` listed. */
async function served(signed: AcceptedChain[], served: AcceptedChain[]): Promise<PaymentRequestData> {
  const terms = {
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    amount: 12_500_000n,
    payee: alice.address,
    payer: null,
    memo: 'Three chains',
    dueAt: new Date(Math.floor(Date.now() / 1000 + 86_400) * 1000),
    reference: newPaymentReference(),
  }
  const signature = await alice.signTypedData(
    requestTermsTypedData({ ...terms, acceptedChains: signed }) as Parameters<typeof alice.signTypedData>[0],
  )
  return {
    ...terms,
    amount: String(terms.amount),
    dueAt: terms.dueAt.toISOString(),
    acceptedChains: served,
    signature,
    createdAt: new Date().toISOString(),
    issuer: null,
  } as unknown as PaymentRequestData
}

describe('the pay page’s check of a request accepting several chains', () => {
  it('verifies the set the payee signed, and refuses it with a chain dropped, added or its token swapped', async () => {
    expect(await verifyRequestSignature(offline(), await served(onThree, onThree))).toBe(true)
    expect(await verifyRequestSignature(offline(), await served(onThree, onThree.slice(0, 2)))).toBe(false)
    expect(await verifyRequestSignature(offline(), await served(onThree.slice(0, 2), onThree))).toBe(false)
    const swapped = [...onThree.slice(0, 2), { chainId: 421614, asset: alice.address }]
    expect(await verifyRequestSignature(offline(), await served(onThree, swapped))).toBe(false)
  })
})

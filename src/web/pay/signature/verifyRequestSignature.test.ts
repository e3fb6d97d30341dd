import { createClient, http, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedRequestInput } from '../../../api/testing/paymentRequestInput.ts'
import { alice, bob } from '../../../api/testing/graphqlClient.ts'
import { devChain } from '../../../chain/chains.ts'
import { deploySmartAccount } from '../../../../testing/smartAccount.ts'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { delegationTypedData } from '../../../domain/delegation.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'
import { verifyRequestSignature } from './verifyRequestSignature.ts'

/** The request as the pay page receives it from the API. */
function asServed(payee: Address, sign: Awaited<ReturnType<typeof signedRequestInput>>): PaymentRequestData {
  return {
    chainId: sign.chainId,
    asset: sign.asset,
    amount: '12500000',
    payee,
    payer: sign.payer,
    memo: sign.memo,
    dueAt: sign.dueAt,
    reference: sign.reference,
    signature: sign.signature,
    createdAt: new Date().toISOString(),
    issuer: null,
  } as PaymentRequestData
}

describe('the pay page’s check of the payee’s signature', () => {
  let anvil: AnvilNode
  beforeAll(async () => {
    anvil = await startTestChain(8570)
  })
  afterAll(() => anvil.stop())

  const chainClient = () => createClient({ chain: devChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) })
  // A node that answers nothing: an ordinary account's signature must verify without it.
  const deadClient = () =>
    createClient({ chain: devChain(), transport: http('http://127.0.0.1:9/', { retryCount: 0 }) })

  it('verifies an ordinary account’s signature offline, and refuses one by anybody else or over other terms', async () => {
    const signed = await signedRequestInput(alice)
    expect(await verifyRequestSignature(deadClient(), asServed(alice.address, signed))).toBe(true)
    const forged = await signedRequestInput(alice, {}, { signer: bob })
    expect(await verifyRequestSignature(chainClient(), asServed(alice.address, forged))).toBe(false)
    const otherTerms = await signedRequestInput(alice, {}, { signedOverrides: { memo: 'Something else' } })
    expect(await verifyRequestSignature(chainClient(), asServed(alice.address, otherTerms))).toBe(false)
  })

  it('asks the chain for a smart-contract payee (ERC-1271): its owner’s signature counts, another’s does not', async () => {
    const account = await deploySmartAccount(anvil.rpcUrl, 6)
    const owner = mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: 6,
    }) as unknown as typeof alice
    // The request names the contract as its payee; the owner's key signs for it.
    const payee = { ...owner, address: account.address }
    const byOwner = await signedRequestInput(payee, {}, { signer: owner })
    expect(await verifyRequestSignature(chainClient(), asServed(account.address, byOwner))).toBe(true)
    const byStranger = await signedRequestInput(payee, {}, { signer: bob })
    expect(await verifyRequestSignature(chainClient(), asServed(account.address, byStranger))).toBe(false)
  })

  it('verifies a request a merchant’s server made: the delegate signed it, the payee’s wallet signed the delegation, still valid when it was made', async () => {
    const delegate = privateKeyToAccount(generatePrivateKey())
    const expiresAt = new Date(Date.now() + 86_400_000)
    const issued = async ({
      keyName = 'Shop',
      delegationSigner = alice,
      requestSigner = delegate,
      expires = expiresAt,
    } = {}) => {
      const signed = await signedRequestInput(alice, {}, { signer: requestSigner as typeof alice })
      const delegationSignature = await delegationSigner.signTypedData(
        delegationTypedData({ payee: alice.address, delegate: delegate.address, keyName, expiresAt: expires }),
      )
      return {
        ...asServed(alice.address, signed),
        issuer: {
          keyName,
          delegate: delegate.address,
          delegationSignature,
          delegationExpiresAt: expires.toISOString(),
          authorisedAt: new Date().toISOString(),
          revokedAt: null,
        },
      } as PaymentRequestData
    }
    expect(await verifyRequestSignature(deadClient(), await issued())).toBe(true)
    expect(await verifyRequestSignature(chainClient(), await issued({ delegationSigner: bob }))).toBe(false)
    expect(await verifyRequestSignature(chainClient(), await issued({ requestSigner: bob as never }))).toBe(false)
    expect(await verifyRequestSignature(chainClient(), await issued({ expires: new Date(Date.now() - 1000) }))).toBe(
      false,
    )
    // The key name is part of what the payee signed.
    const renamed = await issued()
    expect(
      await verifyRequestSignature(chainClient(), {
        ...renamed,
        issuer: { ...renamed.issuer!, keyName: 'Someone else' },
      }),
    ).toBe(false)
  })
})

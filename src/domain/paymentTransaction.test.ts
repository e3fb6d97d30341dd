import { decodeFunctionData, erc20Abi, slice, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { newPaymentReference } from './paymentReference.ts'
import { NATIVE_ASSET } from './paymentRequest.ts'
import { paymentTransaction } from './paymentTransaction.ts'
import { referenceOfNativeCall, referencesAfterTransfer } from './transferReference.ts'

const payee: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token: Address = '0xb111f01db111f01db111f01db111f01db111f01d'

describe('the payment transaction', () => {
  it('is transfer(payee, amount) to the token with the reference right after, as the watcher reads it', () => {
    const reference = newPaymentReference()
    const tx = paymentTransaction({ asset: token, payee, reference }, 12_500_000n)
    expect(tx.to).toBe(token)
    expect(tx.value).toBeUndefined()
    expect(decodeFunctionData({ abi: erc20Abi, data: slice(tx.data, 0, 68) })).toEqual({
      functionName: 'transfer',
      args: [payee, 12_500_000n],
    })
    expect(slice(tx.data, 68)).toBe(reference)
    expect(referencesAfterTransfer(tx.data, payee, 12_500_000n)).toEqual([reference])
  })

  it('sends the native coin to the payee with the reference as its data', () => {
    const reference = newPaymentReference()
    const tx = paymentTransaction({ asset: NATIVE_ASSET, payee, reference }, 10n ** 18n)
    expect(tx).toEqual({ to: payee, value: 10n ** 18n, data: reference })
    expect(referenceOfNativeCall(tx.data)).toBe(reference)
  })
})

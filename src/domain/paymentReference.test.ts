import { concat, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { findPaymentReferences, isPaymentReference, newPaymentReference } from './paymentReference.ts'

const payee = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('payment references', () => {
  it('are 16 random bytes as lower-case hex', () => {
    const a = newPaymentReference()
    expect(isPaymentReference(a)).toBe(true)
    expect(newPaymentReference()).not.toBe(a)
  })

  it('are found after ERC-20 transfer calldata, as the pay page appends them', () => {
    const reference = newPaymentReference()
    const input = concat([encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [payee, 5n] }), reference])
    expect(findPaymentReferences(input, new Set([reference]))).toEqual([reference])
  })

  it('are found as the whole data of a native transfer, and nested deep inside a smart-wallet call', () => {
    const reference = newPaymentReference()
    expect(findPaymentReferences(reference, new Set([reference]))).toEqual([reference])
    const nested = concat(['0x6a761202', `0x${'00'.repeat(100)}`, reference, `0x${'ff'.repeat(33)}`])
    expect(findPaymentReferences(nested, new Set([reference]))).toEqual([reference])
  })

  it('are not matched across a byte boundary, nor when absent', () => {
    const reference = '0x00112233445566778899aabbccddeeff' as Hex
    const shifted = `0x0${reference.slice(2)}0` as Hex // the same digits, half a byte off
    expect(findPaymentReferences(shifted, new Set([reference]))).toEqual([])
    expect(findPaymentReferences('0x', new Set([reference]))).toEqual([])
    expect(findPaymentReferences(newPaymentReference(), new Set([reference]))).toEqual([])
  })

  it('are matched whatever the case of the transaction input', () => {
    const reference = '0x00112233445566778899aabbccddeeff' as Hex
    expect(findPaymentReferences(reference.toUpperCase().replace('0X', '0x') as Hex, new Set([reference]))).toEqual([reference])
  })
})

import { concat, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { newPaymentReference } from './paymentReference.ts'
import { referencedTransferData } from './paymentTransaction.ts'
import {
  authorizationNonce,
  referenceOfAuthorizationNonce,
  referenceOfNativeCall,
  referencesAfterTransfer,
} from './transferReference.ts'

const payee = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const transfer = (to: `0x${string}`, amount: bigint) => referencedTransferData(to, amount)

describe('the reference of a token transfer', () => {
  it('is the 16 bytes right after transfer(payee, amount), as the pay page appends them', () => {
    const reference = newPaymentReference()
    expect(referencesAfterTransfer(concat([transfer(payee, 5n), reference]), payee, 5n)).toEqual([reference])
  })

  it('is found where a smart account nests the call, and with a wallet suffix after it', () => {
    const reference = newPaymentReference()
    const nested = concat([
      '0xb61d27f6',
      `0x${'00'.repeat(100)}`,
      transfer(payee, 5n),
      reference,
      '0x80218021802180218021',
      `0x${'ff'.repeat(33)}`,
    ])
    expect(referencesAfterTransfer(nested, payee, 5n)).toEqual([reference])
  })

  it('gives one reference per call, in order, when a batch pays one payee twice the same amount', () => {
    const [a, b] = [newPaymentReference(), newPaymentReference()]
    const batch = concat(['0x34fcd5be', transfer(payee, 7n), a, `0x${'00'.repeat(12)}`, transfer(payee, 7n), b])
    expect(referencesAfterTransfer(batch, payee, 7n)).toEqual([a, b])
  })

  it('is not taken from a transfer to someone else, of another amount, or from elsewhere in the input', () => {
    const reference = newPaymentReference()
    expect(referencesAfterTransfer(concat([transfer(other, 5n), reference]), payee, 5n)).toEqual([])
    expect(referencesAfterTransfer(concat([transfer(payee, 6n), reference]), payee, 5n)).toEqual([])
    expect(
      referencesAfterTransfer(concat([transfer(payee, 5n), `0x${'11'.repeat(32)}`, reference]), payee, 5n),
    ).toEqual([`0x${'11'.repeat(16)}`])
    expect(referencesAfterTransfer(concat([reference, transfer(payee, 5n)]), payee, 5n)).toEqual([])
  })

  it('is not read half a byte off, nor from a transfer with nothing after it', () => {
    const reference = newPaymentReference()
    const shifted = `0x0${concat([transfer(payee, 5n), reference]).slice(2)}0` as Hex
    expect(referencesAfterTransfer(shifted, payee, 5n)).toEqual([])
    expect(referencesAfterTransfer(transfer(payee, 5n), payee, 5n)).toEqual([])
  })

  it('is read whatever the case of the input and of the address', () => {
    const reference = newPaymentReference()
    const input = concat([transfer(payee, 5n), reference])
      .toUpperCase()
      .replace('0X', '0x') as Hex
    expect(referencesAfterTransfer(input, payee.toLowerCase() as Hex, 5n)).toEqual([reference])
  })
})

describe('the reference of a native-coin call', () => {
  it('is the first 16 bytes of its data, with or without more after them', () => {
    const reference = newPaymentReference()
    expect(referenceOfNativeCall(reference)).toBe(reference)
    expect(referenceOfNativeCall(concat([reference, '0x8021']))).toBe(reference)
    expect(referenceOfNativeCall('0x1234')).toBeUndefined()
    expect(referenceOfNativeCall(concat(['0x00', reference]))).not.toBe(reference)
  })

  it('puts a request’s reference in the first half of an ERC-3009 nonce, a fresh random half after it', () => {
    const reference = newPaymentReference()
    const [first, second] = [authorizationNonce(reference), authorizationNonce(reference)]
    expect(first).toMatch(/^0x[0-9a-f]{64}$/)
    expect(first).not.toBe(second)
    expect([referenceOfAuthorizationNonce(first), referenceOfAuthorizationNonce(second)]).toEqual([
      reference,
      reference,
    ])
    expect(() => authorizationNonce('0x1234')).toThrow(RangeError)
  })
})

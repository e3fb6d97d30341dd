import { describe, expect, it } from 'vitest'
import { isPaymentReference, newPaymentReference } from './paymentReference.ts'

describe('payment references', () => {
  it('are 16 random bytes as lower-case hex', () => {
    const a = newPaymentReference()
    expect(isPaymentReference(a)).toBe(true)
    expect(newPaymentReference()).not.toBe(a)
  })
})

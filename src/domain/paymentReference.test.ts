import { describe, expect, it } from 'vitest'
import { isPaymentReference, isRandomLookingReference, newPaymentReference } from './paymentReference.ts'

describe('payment references', () => {
  it('are 16 random bytes as lower-case hex', () => {
    const a = newPaymentReference()
    expect(isPaymentReference(a)).toBe(true)
    expect(newPaymentReference()).not.toBe(a)
  })

  it('are refused when they do not look random: four equal bytes in a row, at a byte boundary', () => {
    expect(isRandomLookingReference('0x000000000000000000000000001e8480')).toBe(false)
    expect(isRandomLookingReference('0x1e848000000000ff1e848011223344ff')).toBe(false)
    // The padding of a negative number or a max amount.
    expect(isRandomLookingReference('0x1e8480ffffffff011e848011223344aa')).toBe(false)
    expect(isRandomLookingReference('0x1e8480abababab011e848011223344aa')).toBe(false)
    expect(isRandomLookingReference('0x1e8480ababab01ab1e848011223344aa')).toBe(true)
    // Eight zero digits that straddle two bytes are only three zero bytes.
    expect(isRandomLookingReference('0x1e8480f000000001ff1e848011223344')).toBe(true)
    for (let i = 0; i < 1000; i++) expect(isRandomLookingReference(newPaymentReference())).toBe(true)
  })
})

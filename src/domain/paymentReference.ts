import { bytesToHex, type Hex } from 'viem'

/** 16 random bytes that tie an on-chain payment to one payment request. */
export function newPaymentReference(): Hex {
  for (;;) {
    const reference = bytesToHex(crypto.getRandomValues(new Uint8Array(16)))
    // The server refuses the rare draw with a run of equal bytes (see isRandomLookingReference).
    if (isRandomLookingReference(reference)) return reference
  }
}

const referencePattern = /^0x[0-9a-f]{32}$/

export function isPaymentReference(value: string): value is Hex {
  return referencePattern.test(value)
}

/**
 * Four equal bytes in a row: ordinary calldata is full of them (ABI padding is 00 bytes, and ff
 * bytes for negative numbers and max amounts), 16 random bytes almost never (about 1 in 1.3 million).
 */
const equalRun = /^0x(?:[0-9a-f]{2})*?([0-9a-f]{2})\1\1\1/

/**
 * Whether a reference looks like the 16 random bytes it must be. One with long runs of equal bytes
 * could match the padding of unrelated calldata, so a plain transfer could pass for its payment.
 */
export function isRandomLookingReference(reference: Hex): boolean {
  return isPaymentReference(reference) && !equalRun.test(reference)
}

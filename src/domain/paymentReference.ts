import { bytesToHex, type Hex } from 'viem'

/** 16 random bytes that tie an on-chain payment to one payment request. */
export function newPaymentReference(): Hex {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(16)))
}

const referencePattern = /^0x[0-9a-f]{32}$/

export function isPaymentReference(value: string): value is Hex {
  return referencePattern.test(value)
}

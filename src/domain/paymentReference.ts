import { bytesToHex, type Hex } from 'viem'

/** 16 random bytes that tie an on-chain payment to one payment request. */
export function newPaymentReference(): Hex {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(16)))
}

const referencePattern = /^0x[0-9a-f]{32}$/

export function isPaymentReference(value: string): value is Hex {
  return referencePattern.test(value)
}

/**
 * The references from `known` that appear anywhere in `input`, at byte boundaries. Anywhere, so a
 * payment from a smart-contract wallet, whose transfer is nested inside its own call, is found too.
 */
export function findPaymentReferences(input: Hex, known: ReadonlySet<string>): Hex[] {
  const hex = input.slice(2).toLowerCase()
  const found = new Set<Hex>()
  for (let offset = 0; offset + 32 <= hex.length; offset += 2) {
    const candidate = `0x${hex.slice(offset, offset + 32)}` as Hex
    if (known.has(candidate)) found.add(candidate)
  }
  return [...found]
}

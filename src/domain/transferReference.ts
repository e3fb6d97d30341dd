import { numberToHex, pad, type Address, type Hex } from 'viem'

/** `transfer(address,uint256)`. */
const TRANSFER_SELECTOR = 'a9059cbb'
const REFERENCE_HEX_LENGTH = 32

/**
 * The references that directly follow a `transfer(to, amount)` call with exactly these arguments,
 * wherever that call sits in a transaction's input (nested in a smart account's call, one of a
 * batch, followed by a wallet's own suffix), one per occurrence and in input order. A reference
 * anywhere else in the input does not count: it is not this transfer's.
 */
export function referencesAfterTransfer(input: Hex, to: Address, amount: bigint): Hex[] {
  if (amount < 0n || amount >= 2n ** 256n) return []
  const data = input.slice(2).toLowerCase()
  const call = TRANSFER_SELECTOR + pad(to.toLowerCase() as Hex).slice(2) + pad(numberToHex(amount)).slice(2)
  const found: Hex[] = []
  for (let at = data.indexOf(call); at !== -1; at = data.indexOf(call, at + 2)) {
    // Only at byte boundaries: an odd offset is half a byte, not calldata.
    if (at % 2 !== 0) continue
    const reference = data.slice(at + call.length, at + call.length + REFERENCE_HEX_LENGTH)
    if (reference.length === REFERENCE_HEX_LENGTH) found.push(`0x${reference}`)
  }
  return found
}

/** The reference a native-coin call carries: the first 16 bytes of its data. */
export function referenceOfNativeCall(input: Hex): Hex | undefined {
  const data = input.slice(2).toLowerCase()
  return data.length >= REFERENCE_HEX_LENGTH ? `0x${data.slice(0, REFERENCE_HEX_LENGTH)}` : undefined
}

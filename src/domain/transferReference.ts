import { bytesToHex, numberToHex, pad, type Address, type Hex } from 'viem'

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

/**
 * An ERC-3009 authorization's nonce for a request: its reference in the first 16 bytes, 16 random
 * bytes after, so a payer may sign a fresh authorization for the same request after one expired.
 */
export function authorizationNonce(
  reference: Hex,
  random: Uint8Array = crypto.getRandomValues(new Uint8Array(16)),
): Hex {
  if (reference.length !== 2 + REFERENCE_HEX_LENGTH || random.length !== 16)
    throw new RangeError('A nonce is a 16-byte reference and 16 random bytes')
  return `0x${reference.slice(2).toLowerCase()}${bytesToHex(random).slice(2)}`
}

/** The reference an ERC-3009 authorization's nonce carries: its first 16 bytes. */
export const referenceOfAuthorizationNonce = (nonce: Hex): Hex =>
  `0x${nonce.slice(2, 2 + REFERENCE_HEX_LENGTH).toLowerCase()}`

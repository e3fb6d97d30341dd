import { hexToBytes, keccak256, type Hex } from 'viem'

/** The three bits a value sets in a block's 2048-bit logs bloom (the yellow paper's M3:2048). */
export function bloomBits(value: Hex): [number, number, number] {
  const hash = hexToBytes(keccak256(value))
  const bit = (i: number) => ((hash[i]! << 8) | hash[i + 1]!) & 2047
  return [bit(0), bit(2), bit(4)]
}

/** False when the block certainly has no log with this address or topic; true when it may. */
export function bloomMayContain(bloom: Uint8Array, bits: readonly number[]): boolean {
  return bits.every((bit) => (bloom[255 - (bit >> 3)]! & (1 << (bit & 7))) !== 0)
}

import type { Address } from 'viem'

/** An address as people glance at it: the first and last characters, e.g. 0x7099…79C8. */
export function shortAddress(address: Address): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

import type { Address, Hex } from 'viem'

/** ERC-3009's `TransferWithAuthorization`, as Circle's FiatToken v2.2 defines it. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const

export type TransferAuthorization = {
  from: Address
  to: Address
  value: bigint
  /** Seconds: valid strictly after this time and strictly before `validBefore`. */
  validAfter: bigint
  validBefore: bigint
  nonce: Hex
}

/** The EIP-712 typed data a payer's wallet signs to authorise a transfer of `token` (its domain from the token list). */
export function transferAuthorizationTypedData(
  token: { chainId: number; address: Address; eip712: { name: string; version: string } },
  message: TransferAuthorization,
) {
  return {
    domain: { ...token.eip712, chainId: token.chainId, verifyingContract: token.address },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: 'TransferWithAuthorization' as const,
    message,
  }
}

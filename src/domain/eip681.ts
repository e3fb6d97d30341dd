import type { Address } from 'viem'
import { NATIVE_ASSET } from './paymentRequest.ts'

/**
 * The EIP-681 payment URI mobile wallets read from a QR code: an ERC-20 `transfer` of `amount` base
 * units to the payee, or the native coin's value in wei. It carries no reference: such a payment is
 * matched by its amount.
 */
export function paymentUri({
  chainId,
  asset,
  payee,
  amount,
}: {
  chainId: number
  asset: Address | typeof NATIVE_ASSET
  payee: Address
  amount: bigint
}): string {
  if (amount <= 0n) throw new RangeError('amount must be more than zero')
  return asset === NATIVE_ASSET
    ? `ethereum:${payee}@${chainId}?value=${amount}`
    : `ethereum:${asset}@${chainId}/transfer?address=${payee}&uint256=${amount}`
}
